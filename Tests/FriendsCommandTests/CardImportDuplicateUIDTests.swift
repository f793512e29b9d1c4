import Foundation
import Testing
@testable import friends

/// `friends import` sends a file in batches: a card with the UID of one in an earlier batch is
/// reported by file and position, and not sent (the server finds a UID twice within one request).
struct CardImportDuplicateUIDTests {
    @Test func aUIDOfAnEarlierBatchIsReportedAndNotSent() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("duplicates-\(UUID().uuidString).vcf")
        defer { try? FileManager.default.removeItem(at: file) }
        func card(_ uid: String, _ name: String) -> String {
            "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:\(name)\r\nEND:VCARD\r\n"
        }
        let text = card("a", "Ada") + card("b", "Bo") + card("c", "Cy") + card("A", "Not Ada") + card("a", "Ada Again")
        try Data(text.utf8).write(to: file)
        let report = #"{"created": 2, "updated": 0, "unchanged": 0, "failed": []}"#
        let transport = ScriptedTransport([(200, report), (200, report)])
        let importer = CardImporter(
            server: URL(string: "http://127.0.0.1:8080")!, credentials: nil, transport: transport,
            progress: ProgressLine(isShown: false), batchSize: 2
        )

        let summary = try await importer.importFiles([file.path])

        #expect(summary.refusals == [
            "  \(file.path), card 5 (Ada Again): An earlier card of this file has the same UID, and was kept: a file holds each contact once.",
        ])
        let bodies = await transport.requests.map { String(decoding: $0.httpBody ?? Data(), as: UTF8.self) }
        #expect(bodies == [card("a", "Ada") + card("b", "Bo"), card("c", "Cy") + card("A", "Not Ada")])
    }

    /// A card the server refused keeps no UID's place: a later good card of that UID is sent.
    @Test func aRefusedCardsUIDIsSentAgainLater() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("refused-\(UUID().uuidString).vcf")
        defer { try? FileManager.default.removeItem(at: file) }
        let twoUIDs = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:x\r\nUID:y\r\nFN:Two\r\nEND:VCARD\r\n"
        let good = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:x\r\nFN:Good\r\nEND:VCARD\r\n"
        let other = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:b\r\nFN:Other\r\nEND:VCARD\r\n"
        try Data((twoUIDs + other + good).utf8).write(to: file)
        let refused = #"{"created": 1, "updated": 0, "unchanged": 0, "failed": [{"index": 1, "name": "Two", "reason": "The card has 2 different UIDs; a card has one (RFC 6350 6.7.6)."}]}"#
        let transport = ScriptedTransport([(200, refused), (200, #"{"created": 1, "updated": 0, "unchanged": 0, "failed": []}"#)])
        let importer = CardImporter(
            server: URL(string: "http://127.0.0.1:8080")!, credentials: nil, transport: transport,
            progress: ProgressLine(isShown: false), batchSize: 2
        )

        let summary = try await importer.importFiles([file.path])

        #expect(summary.refusals == ["  \(file.path), card 1 (Two): The card has 2 different UIDs; a card has one (RFC 6350 6.7.6)."])
        let bodies = await transport.requests.map { String(decoding: $0.httpBody ?? Data(), as: UTF8.self) }
        #expect(bodies == [twoUIDs + other, good])
    }
}

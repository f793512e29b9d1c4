import Foundation
import Testing
@testable import friends

/// `friends import` says the contact groups among the cards apart from the friends.
struct CardImportGroupsTests {
    @Test func theSummaryCountsGroupsApartFromFriends() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("groups-\(UUID().uuidString).vcf")
        defer { try? FileManager.default.removeItem(at: file) }
        let cards = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r\n"
            + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Family\r\nN:Family;;;;\r\nX-ADDRESSBOOKSERVER-KIND:group\r\nEND:VCARD\r\n"
        try Data(cards.utf8).write(to: file)
        let report = #"{"created": 1, "updated": 0, "unchanged": 0, "groups": {"created": 1, "updated": 0, "unchanged": 0}, "failed": []}"#
        let importer = CardImporter(
            server: URL(string: "http://127.0.0.1:8080")!, credentials: nil, transport: ScriptedTransport([(200, report)]),
            progress: ProgressLine(isShown: false)
        )

        let summary = try await importer.importFiles([file.path])

        #expect(summary.text == "Created 1, updated 0, unchanged 0, refused 0. Contact groups (not friends): created 1, updated 0, unchanged 0.")
    }
}

/// `friends import` lists the cards kept with something their friends do not show, by file and
/// position in it, after the refusals.
struct CardImportRemarksTests {
    @Test func theSummaryListsWhatKeptCardsDoNotShow() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("remarks-\(UUID().uuidString).vcf")
        defer { try? FileManager.default.removeItem(at: file) }
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r\n"
        try Data((card + card.replacingOccurrences(of: "Ada", with: "Grace")).utf8).write(to: file)
        let remark = #"Its birthday \"soon\" is not a date Friends can show; the card keeps it."#
        let report = #"{"created": 2, "updated": 0, "unchanged": 0, "failed": [], "remarks": [{"index": 2, "name": "Grace Lovelace", "remark": "\#(remark)"}]}"#
        let importer = CardImporter(
            server: URL(string: "http://127.0.0.1:8080")!, credentials: nil, transport: ScriptedTransport([(200, report)]),
            progress: ProgressLine(isShown: false)
        )

        let summary = try await importer.importFiles([file.path])

        #expect(summary.text == """
            Created 2, updated 0, unchanged 0, refused 0.
            Imported, not all shown:
              \(file.path), card 2 (Grace Lovelace): Its birthday "soon" is not a date Friends can show; the card keeps it.
            """)
    }
}

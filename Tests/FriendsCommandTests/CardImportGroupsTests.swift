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

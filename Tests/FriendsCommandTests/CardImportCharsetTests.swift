import Foundation
import Testing
@testable import friends

/// A file saved on Windows by an older program is not UTF-8: `--charset` names what it is in.
struct CardImportCharsetTests {
    private func file(_ bytes: [UInt8]) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("charset-\(UUID().uuidString).vcf")
        try Data(bytes).write(to: file)
        return file
    }

    private let zoe = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Zo".utf8) + [0xEB] + Array("\r\nEND:VCARD\r\n".utf8)

    @Test func theNamedCharacterSetIsSentWithTheCards() async throws {
        let file = try file(zoe)
        defer { try? FileManager.default.removeItem(at: file) }
        let transport = ScriptedTransport([(200, #"{"created": 1, "updated": 0, "unchanged": 0, "failed": []}"#)])
        var importer = CardImporter(
            server: URL(string: "http://127.0.0.1:8080")!, credentials: nil, transport: transport, progress: ProgressLine(isShown: false)
        )
        importer.charset = "windows-1252"

        let summary = try await importer.importFiles([file.path])

        #expect(summary.text == "Created 1, updated 0, unchanged 0, refused 0.")
        let sent = try #require(await transport.requests.first)
        #expect(sent.value(forHTTPHeaderField: "Content-Type") == "text/vcard; charset=windows-1252")
        #expect(sent.httpBody.map(Array.init) == zoe, "the bytes as they are: the server reads them")
    }

    /// A file whose byte order mark says it is Unicode is sent as UTF-8, whatever `--charset`
    /// names for the other files: a UTF-16 file was sent converted and labelled Windows-1252.
    @Test func aFileWithAByteOrderMarkIsSentAsUTF8WhateverTheCharsetNamed() async throws {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jürgen Strauß\r\nEND:VCARD\r\n"
        let utf16 = try file([0xFF, 0xFE] + text.utf16.flatMap { (unit: UInt16) -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] })
        let utf8 = try file([0xEF, 0xBB, 0xBF] + Array(text.utf8))
        let plain = try file(zoe)
        defer { for file in [utf16, utf8, plain] { try? FileManager.default.removeItem(at: file) } }
        let created = #"{"created": 1, "updated": 0, "unchanged": 0, "failed": []}"#
        let transport = ScriptedTransport([(200, created), (200, created), (200, created)])
        var importer = CardImporter(
            server: URL(string: "http://127.0.0.1:8080")!, credentials: nil, transport: transport, progress: ProgressLine(isShown: false)
        )
        importer.charset = "windows-1252"

        _ = try await importer.importFiles([utf16.path, utf8.path, plain.path])

        let sent = await transport.requests
        #expect(sent.map { $0.value(forHTTPHeaderField: "Content-Type") } == [
            "text/vcard; charset=utf-8", "text/vcard; charset=utf-8", "text/vcard; charset=windows-1252",
        ])
        #expect(sent.first?.httpBody.map(Array.init) == Array(text.utf8), "UTF-16 converted")
        #expect(sent.dropFirst().first?.httpBody.map(Array.init) == [0xEF, 0xBB, 0xBF] + Array(text.utf8))
    }

    /// Without `--charset`, a file that is not UTF-8 and had cards refused is told about it.
    @Test func aFileNotInUTF8WithRefusedCardsIsToldToNameItsCharacterSet() async throws {
        let file = try file(zoe)
        defer { try? FileManager.default.removeItem(at: file) }
        let refused = #"{"created": 0, "updated": 0, "unchanged": 0, "failed": [{"index": 1, "name": "", "reason": "Line 3 of the card is neither valid UTF-8 nor text in a character set it names (CHARSET=): save the file as UTF-8."}]}"#
        let importer = CardImporter(
            server: URL(string: "http://127.0.0.1:8080")!, credentials: nil, transport: ScriptedTransport([(200, refused)]),
            progress: ProgressLine(isShown: false)
        )

        let summary = try await importer.importFiles([file.path])

        #expect(summary.text.hasSuffix(
            "\n\(file.path) is not UTF-8: name its character set with --charset (windows-1252 for most files saved on Windows)."
        ))
    }
}

import Foundation

/// The sample cards in `Cards/`, written in the styles of the apps people export from.
enum SampleCards {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Cards")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name + ".vcf")))
    }

    /// A card of `version` holding `lines`, each of them ending in CRLF.
    static func card(version: String, lines: String) -> String {
        "BEGIN:VCARD\r\nVERSION:\(version)\r\n\(lines)END:VCARD\r\n"
    }

    /// The lines of a card with CRLF line ends, without its BEGIN, VERSION and END.
    static func innerLines(of text: String) -> [String] {
        Array(text.components(separatedBy: "\r\n").dropFirst(2).dropLast(2))
    }

    static let all = ["apple", "google", "android21", "latin1", "thunderbird", "davx5", "rfc6350"]
}

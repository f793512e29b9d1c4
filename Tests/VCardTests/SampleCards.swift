import Foundation

/// The sample cards in `Cards/`, written in the styles of the apps people export from.
enum SampleCards {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Cards")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name + ".vcf")))
    }

    static let all = ["apple", "google", "android21", "latin1", "thunderbird", "davx5", "rfc6350"]
}

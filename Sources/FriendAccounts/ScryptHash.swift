import Foundation

/// A stored password hash in the PHC string format: `$scrypt$ln=15,r=8,p=3$<salt>$<hash>`, salt
/// and hash in base64 without padding. Reading one accepts only parameters a password of this
/// server could have been hashed with, so that a changed row cannot make a check take gigabytes
/// of memory or minutes of work.
struct ScryptHash: Equatable {
    struct Parameters: Equatable {
        /// log2 of scrypt's N (the cost in memory and work).
        var logRounds: Int
        var blockSize: Int
        var parallelism: Int

        /// What new hashes use: N = 2^15, r = 8, p = 3 (see `AccountCrypto`).
        static let standard = Parameters(logRounds: 15, blockSize: 8, parallelism: 3)

        var rounds: Int { 1 << logRounds }
        var memoryBytes: Int { 128 * rounds * blockSize }
        var work: Int { rounds * blockSize * parallelism }

        /// Within twice the memory and four times the work of `standard`.
        var isAcceptable: Bool {
            (10...18).contains(logRounds) && (1...32).contains(blockSize) && (1...16).contains(parallelism)
                && memoryBytes <= 2 * Self.standard.memoryBytes && work <= 4 * Self.standard.work
        }
    }

    static let identifier = "scrypt"
    static let saltLengths = 8...64
    static let hashLengths = 16...64

    var parameters: Parameters
    var salt: [UInt8]
    var hash: [UInt8]

    init(parameters: Parameters, salt: [UInt8], hash: [UInt8]) {
        self.parameters = parameters
        self.salt = salt
        self.hash = hash
    }

    /// Nil for anything but a well-formed scrypt hash with acceptable parameters.
    init?(parsing text: String) {
        guard text.utf8.count <= 512 else { return nil }
        let fields = text.split(separator: "$", omittingEmptySubsequences: false)
        guard fields.count == 5, fields[0].isEmpty, fields[1] == Self.identifier,
              let parameters = Self.parameters(fields[2]), parameters.isAcceptable,
              let salt = Self.decode(fields[3]), Self.saltLengths.contains(salt.count),
              let hash = Self.decode(fields[4]), Self.hashLengths.contains(hash.count)
        else { return nil }
        self.init(parameters: parameters, salt: salt, hash: hash)
    }

    var text: String {
        let p = parameters
        return "$\(Self.identifier)$ln=\(p.logRounds),r=\(p.blockSize),p=\(p.parallelism)$\(Self.encode(salt))$\(Self.encode(hash))"
    }

    /// Exactly `ln=…,r=…,p=…`, each a short run of decimal digits.
    private static func parameters(_ field: Substring) -> Parameters? {
        let pairs = field.split(separator: ",", omittingEmptySubsequences: false)
        guard pairs.count == 3 else { return nil }
        var values: [Int] = []
        for (pair, name) in zip(pairs, ["ln", "r", "p"]) {
            let parts = pair.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == name, (1...3).contains(parts[1].count),
                  parts[1].allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(parts[1])
            else { return nil }
            values.append(value)
        }
        return Parameters(logRounds: values[0], blockSize: values[1], parallelism: values[2])
    }

    private static func encode(_ bytes: [UInt8]) -> String {
        var text = Data(bytes).base64EncodedString()
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    private static func decode(_ field: Substring) -> [UInt8]? {
        guard !field.isEmpty, field.count % 4 != 1, !field.contains("=") else { return nil }
        let padded = String(field) + String(repeating: "=", count: (4 - field.count % 4) % 4)
        return Data(base64Encoded: padded).map(Array.init)
    }
}

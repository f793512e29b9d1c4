/// The name a person signs in with. Lowercase ASCII letters, digits, `.`, `-` and `_`, starting
/// with a letter or digit, at most 32 characters: safe in a URL path, a file name and a log line,
/// and no two names look alike (no Unicode look-alikes, no case variants). Upper-case ASCII
/// letters are read as lower case, so "Alice" signs in as "alice".
public struct AccountName: Sendable, Hashable, Comparable, CustomStringConvertible {
    public static let maximumLength = 32

    public let rawValue: String

    public init(validating text: String) throws(AccountNameError) {
        guard !text.isEmpty else { throw .empty }
        guard text.utf8.count <= Self.maximumLength else { throw .tooLong }
        let lowered = String(text.unicodeScalars.map { scalar in
            ("A"..."Z").contains(scalar) ? Character(Unicode.Scalar(scalar.value + 32)!) : Character(scalar)
        })
        guard lowered.unicodeScalars.allSatisfy(Self.isAllowed) else { throw .badCharacter }
        guard let first = lowered.unicodeScalars.first, Self.isLetterOrDigit(first) else { throw .badStart }
        rawValue = lowered
    }

    public var description: String { rawValue }

    public static func < (lhs: AccountName, rhs: AccountName) -> Bool { lhs.rawValue < rhs.rawValue }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        isLetterOrDigit(scalar) || scalar == "." || scalar == "-" || scalar == "_"
    }
}

public enum AccountNameError: Error, Sendable, Equatable, CustomStringConvertible {
    case empty, tooLong, badCharacter, badStart

    public var description: String {
        switch self {
        case .empty: "A name cannot be empty."
        case .tooLong: "A name has at most \(AccountName.maximumLength) characters."
        case .badCharacter: "A name may use only the letters a to z, digits, \".\", \"-\" and \"_\"."
        case .badStart: "A name starts with a letter or a digit."
        }
    }
}

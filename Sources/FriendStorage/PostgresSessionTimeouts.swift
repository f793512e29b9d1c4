import Foundation

/// Limits PostgreSQL enforces on every session of this server, so that one stalled or sick instance
/// cannot freeze the others: a transaction left open (a process stopped mid-write) is ended and its
/// row locks released after `idleInTransaction`; a write waits for a row lock at most `lock`, and
/// then answers 503 instead of hanging; no statement runs longer than `statement`.
///
/// Set in the database URL with PostgreSQL's names and units (`ms`, `s`, `min`, `h`, `d`, after the
/// number or a space; a plain number is milliseconds; 0 turns a limit off):
/// `?statement_timeout=10s&lock_timeout=2s&idle_in_transaction_session_timeout=5s`.
public struct PostgresSessionTimeouts: Sendable, Equatable {
    public var statement = "10s"
    public var lock = "2s"
    public var idleInTransaction = "5s"

    public init() {}

    package init(_ query: [URLQueryItem]) throws {
        for item in query where Self.names.contains(item.name) {
            let given = item.value ?? ""
            guard let duration = Self.parse(given) else {
                throw ConfigurationError(
                    "\(item.name) must be a duration such as 500ms, 5s, 1min or 1h (0 turns it off), not \"\(given)\"."
                )
            }
            guard duration.milliseconds <= Self.longest else {
                throw ConfigurationError("\(item.name) can be 24 days at most (PostgreSQL counts it in milliseconds up to \(Self.longest)), not \(given).")
            }
            let value = duration.text
            switch item.name {
            case "statement_timeout": statement = value
            case "lock_timeout": lock = value
            default: idleInTransaction = value
            }
        }
    }

    package static let names = ["statement_timeout", "lock_timeout", "idle_in_transaction_session_timeout"]

    /// PostgreSQL keeps these limits as milliseconds in a 32-bit integer.
    private static let longest = Int(Int32.max)
    private static let millisecondsPerUnit = ["": 1, "ms": 1, "s": 1_000, "min": 60_000, "h": 3_600_000, "d": 86_400_000]

    /// `10 s` read as `10s`, ten thousand milliseconds; `nil` when it is no duration PostgreSQL reads.
    private static func parse(_ given: String) -> (text: String, milliseconds: Int)? {
        let text = given.trimmingCharacters(in: .whitespaces)
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        let unit = text.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.count <= 10, let amount = Int(digits), let factor = millisecondsPerUnit[unit] else { return nil }
        return (String(digits) + unit, amount * factor)
    }

    /// How long a limit set to `text` lets a statement run, `nil` when it is off.
    package static func duration(_ text: String) -> Duration? {
        guard let milliseconds = parse(text)?.milliseconds, milliseconds > 0 else { return nil }
        return .milliseconds(milliseconds)
    }
}

import Foundation

/// Limits PostgreSQL enforces on every session of this server, so that one stalled or sick instance
/// cannot freeze the others: a transaction left open (a process stopped mid-write) is ended and its
/// row locks released after `idleInTransaction`; a write waits for a row lock at most `lock`, and
/// then answers 503 instead of hanging; no statement runs longer than `statement`.
///
/// Set in the database URL with PostgreSQL's names and units (`ms`, `s`, `min`, `h`; a plain number is
/// milliseconds; 0 turns a limit off): `?statement_timeout=10s&lock_timeout=2s&idle_in_transaction_session_timeout=5s`.
public struct PostgresSessionTimeouts: Sendable, Equatable {
    public var statement = "10s"
    public var lock = "2s"
    public var idleInTransaction = "5s"

    public init() {}

    package init(_ query: [URLQueryItem]) throws {
        for item in query where Self.names.contains(item.name) {
            let value = item.value ?? ""
            guard Self.isDuration(value) else {
                throw ConfigurationError(
                    "\(item.name) must be a duration such as 500ms, 5s, 1min or 1h (0 turns it off), not \"\(value)\"."
                )
            }
            switch item.name {
            case "statement_timeout": statement = value
            case "lock_timeout": lock = value
            default: idleInTransaction = value
            }
        }
    }

    package static let names = ["statement_timeout", "lock_timeout", "idle_in_transaction_session_timeout"]

    private static func isDuration(_ text: String) -> Bool {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 9 else { return false }
        return ["", "ms", "s", "min", "h"].contains(String(text.dropFirst(digits.count)))
    }
}

/// Why a flight list could not be read. Every case names where in the file the problem is,
/// as a path like `flights[2].departure.date` (indexes count from 0).
public enum FlightListError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadableFile(path: String, reason: String)
    /// Not JSON at all; `path` names the file when the list came from one.
    case notJSON(reason: String, path: String? = nil)
    case unknownField(String, at: String)
    case missingField(String, at: String)
    case wrongType(at: String, expected: String)
    case emptyText(at: String)
    case invalidDate(String, at: String)
    case unknownTimeZone(String, at: String)
    case duplicateAirport(String, at: String)
    case unknownAirport(String, at: String)
    case duplicateFlight(String, at: String)
    case arrivalBeforeDeparture(at: String, flightNumber: String, departure: String, arrival: String)

    public var description: String {
        switch self {
        case let .unreadableFile(path, reason):
            "cannot read \(path): \(reason)"
        case let .notJSON(reason, path?):
            "\(path) is not valid JSON: \(reason)"
        case let .notJSON(reason, nil):
            "the file is not valid JSON: \(reason)"
        case let .unknownField(field, path):
            "\(path): unknown field \"\(field)\""
        case let .missingField(field, path):
            "\(path): missing field \"\(field)\""
        case let .wrongType(path, expected):
            "\(path): expected \(expected)"
        case let .emptyText(path):
            "\(path): must not be empty"
        case let .invalidDate(text, path):
            "\(path): \"\(text)\" is not a date and time with a UTC offset, such as \"2026-11-23T10:45:00+01:00\""
        case let .unknownTimeZone(identifier, path):
            "\(path): unknown time zone \"\(identifier)\"; use an IANA name such as \"Europe/Amsterdam\""
        case let .duplicateAirport(symbol, path):
            "\(path): airport \"\(symbol)\" is listed more than once"
        case let .unknownAirport(symbol, path):
            "\(path): no airport \"\(symbol)\" in \"airports\""
        case let .duplicateFlight(number, path):
            "\(path): flight \(number) with this departure is listed more than once"
        case let .arrivalBeforeDeparture(path, number, departure, arrival):
            "\(path) (\(number)): arrival \(arrival) is before departure \(departure)"
        }
    }
}

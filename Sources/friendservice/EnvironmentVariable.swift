import ArgumentParser
import Foundation

/// Every environment variable `friendservice` reads: the commands read them through
/// `Environment.value`, and `friendservice --help` lists them all from here, one line each.
enum EnvironmentVariable: String, CaseIterable {
    case hostname = "FRIENDSERVICE_HOSTNAME"
    case port = "FRIENDSERVICE_PORT"
    case database = "FRIENDSERVICE_DATABASE"
    case token = "FRIENDSERVICE_TOKEN"
    case allowAnonymous = "FRIENDSERVICE_ALLOW_ANONYMOUS"
    case behindProxy = "FRIENDSERVICE_BEHIND_PROXY"
    case publicName = "FRIENDSERVICE_PUBLIC_NAME"
    case logLevel = "FRIENDSERVICE_LOG_LEVEL"
    case headerTimeout = "FRIENDSERVICE_HEADER_TIMEOUT"
    case bodyTimeout = "FRIENDSERVICE_BODY_TIMEOUT"
    case idleTimeout = "FRIENDSERVICE_IDLE_TIMEOUT"
    case writeTimeout = "FRIENDSERVICE_WRITE_TIMEOUT"
    case maxConnections = "FRIENDSERVICE_MAX_CONNECTIONS"
    case maxSubscribers = "FRIENDSERVICE_MAX_SUBSCRIBERS"

    /// The flag it stands in for; a flag given overrides it.
    var flag: String {
        "--" + rawValue.dropFirst("FRIENDSERVICE_".count).lowercased().replacingOccurrences(of: "_", with: "-")
    }

    /// Set to 1 to turn its flag on, rather than holding a value.
    var isSwitch: Bool { self == .allowAnonymous || self == .behindProxy }

    /// The variables and their flags, then where the default database lives (read by `DatabaseLocation`).
    static var helpText: String {
        let lines = allCases.map { variable in
            let name = variable.rawValue + (variable.isSwitch ? "=1" : "")
            return "  " + name.padding(toLength: 33, withPad: " ", startingAt: 0) + variable.flag
        }
        return (["Environment (a flag overrides its variable):"] + lines + [
            "  XDG_DATA_HOME, HOME              where the default database is:",
            "                                   $XDG_DATA_HOME/friends/friends.sqlite,",
            "                                   else ~/.local/share/friends/friends.sqlite",
        ]).joined(separator: "\n")
    }
}

enum Environment {
    static func value(_ variable: EnvironmentVariable, in environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let value = environment[variable.rawValue], !value.isEmpty else { return nil }
        return value
    }

    /// Whether a switch is on: `1` (or true, yes, on), and off unset or `0` (false, no, off).
    /// Anything else is refused: `=true` read as off left a server open that was meant to be behind a proxy.
    static func isOn(_ variable: EnvironmentVariable, in environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Bool {
        guard let value = value(variable, in: environment) else { return false }
        switch value.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw ValidationError("\(variable.rawValue) is 1 (or true, yes, on) to turn \(variable.flag) on, or 0 (false, no, off); not \"\(value)\".")
        }
    }
}

import ArgumentParser
import FriendService
import HTTPServerKit

/// `--header-timeout`, `--body-timeout`, `--idle-timeout`, `--write-timeout`, `--max-connections` and
/// `--max-subscribers` of `serve`.
/// Unconditional values: `--max-connections -1` is refused for its number, not as a missing value.
struct ConnectionLimitOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Seconds from accept (or, on a kept-alive connection, a request's first byte) to the end of its headers (default 10).")
    var headerTimeout: Double?

    @Option(parsing: .unconditional, help: "Seconds from the end of a request's headers to the end of its body (default 30).")
    var bodyTimeout: Double?

    @Option(parsing: .unconditional, help: "Seconds a keep-alive connection may wait for its next request (default 60).")
    var idleTimeout: Double?

    @Option(parsing: .unconditional, help: "Seconds an answer or a live-feed stream may wait for the client to take more of it before the connection closes (default 30).")
    var writeTimeout: Double?

    @Option(parsing: .unconditional, help: "Open connections beyond this wait until one closes (default 1000).")
    var maxConnections: Int?

    @Option(parsing: .unconditional, help: "Live-feed streams beyond this get 503 (default 80% of --max-connections).")
    var maxSubscribers: Int?

    func apply(to configuration: inout FriendServerConfiguration) throws {
        configuration.connectionLimits = try limits()
        // One limit for any client that stops reading, whether an answer or the live feed.
        configuration.eventStreamLimits.progressTimeout = configuration.connectionLimits.writeTimeout
        configuration.maximumSubscribers = try subscriberLimit()
    }

    /// `--max-subscribers` or `FRIENDSERVICE_MAX_SUBSCRIBERS`; the configuration checks its range.
    func subscriberLimit() throws -> Int? {
        try maxSubscribers ?? Environment.value(.maxSubscribers).map { text in
            guard let count = Int(text) else { throw ValidationError("FRIENDSERVICE_MAX_SUBSCRIBERS must be a number, not \(text).") }
            return count
        }
    }

    func limits() throws -> ConnectionLimits {
        var limits = ConnectionLimits()
        if let seconds = try seconds(headerTimeout, "--header-timeout", .headerTimeout) { limits.headerTimeout = seconds }
        if let seconds = try seconds(bodyTimeout, "--body-timeout", .bodyTimeout) { limits.bodyTimeout = seconds }
        if let seconds = try seconds(idleTimeout, "--idle-timeout", .idleTimeout) { limits.idleTimeout = seconds }
        if let seconds = try seconds(writeTimeout, "--write-timeout", .writeTimeout) { limits.writeTimeout = seconds }
        let connections = try maxConnections ?? Environment.value(.maxConnections).map { text in
            guard let count = Int(text) else { throw ValidationError("FRIENDSERVICE_MAX_CONNECTIONS must be a number, not \(text).") }
            return count
        }
        if let connections {
            guard connections > 0 else { throw ValidationError("--max-connections must be at least 1.") }
            limits.maximumConnections = connections
        }
        return limits
    }

    private func seconds(_ option: Double?, _ flag: String, _ variable: EnvironmentVariable) throws -> Duration? {
        let text = Environment.value(variable)
        guard let value = try option ?? text.map({ text in
            guard let value = Double(text) else { throw ValidationError("\(variable.rawValue) must be a number of seconds, not \(text).") }
            return value
        }) else { return nil }
        guard value > 0, value.isFinite else {
            let name = option == nil ? variable.rawValue : flag
            throw ValidationError("\(name) must be a positive number of seconds, not \(option == nil ? text ?? "" : "\(value)").")
        }
        return .milliseconds(Int64((value * 1_000).rounded()))
    }
}

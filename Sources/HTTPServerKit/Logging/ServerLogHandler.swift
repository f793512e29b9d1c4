import Logging

/// Writes what `StreamLogHandler` writes, to standard error, for less per request.
///
/// `StreamLogHandler` turns its metadata into text whenever metadata is set, and Hummingbird sets a
/// request id on the logger of every request, whether the request logs anything or not: 1.5 % of the
/// server's CPU under the load script's mix of pages. This handler keeps the metadata as it is and
/// hands it to a `StreamLogHandler` only for a line it writes.
public struct ServerLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    /// Where lines go; `nil` for standard error.
    private let stream: (any TextOutputStream & Sendable)?

    public init(label: String, logLevel: Logger.Level = .info) {
        self.init(label: label, logLevel: logLevel, stream: nil)
    }

    init(label: String, logLevel: Logger.Level, stream: (any TextOutputStream & Sendable)?) {
        self.label = label
        self.logLevel = logLevel
        self.stream = stream
        metadataProvider = LoggingSystem.metadataProvider
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var handler = stream.map { StreamLogHandler(label: label, stream: $0, metadataProvider: metadataProvider) }
            ?? StreamLogHandler.standardError(label: label, metadataProvider: metadataProvider)
        handler.logLevel = logLevel
        handler.metadata = metadata
        handler.log(event: event)
    }
}

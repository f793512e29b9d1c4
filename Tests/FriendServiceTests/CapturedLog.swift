import Logging
import Synchronization

/// A logger whose lines a test reads back.
final class CapturedLog: Sendable {
    struct Line: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    private let captured = Mutex<[Line]>([])

    var lines: [Line] { captured.withLock { $0 } }

    func lines(at level: Logger.Level) -> [Line] { lines.filter { $0.level == level } }

    var logger: Logger {
        var logger = Logger(label: "test") { _ in Handler(log: self) }
        logger.logLevel = .trace
        return logger
    }

    fileprivate func append(_ line: Line) {
        captured.withLock { $0.append(line) }
    }

    private struct Handler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var metadataProvider: Logger.MetadataProvider?
        var logLevel: Logger.Level = .trace

        func log(event: LogEvent) {
            let metadata = self.metadata.merging(event.metadata ?? [:]) { $1 }
            log.append(Line(level: event.level, message: "\(event.message)", metadata: metadata.mapValues { "\($0)" }))
        }

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
    }
}

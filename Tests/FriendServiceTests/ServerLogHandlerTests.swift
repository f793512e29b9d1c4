import Logging
import NIOConcurrencyHelpers
import Testing
@testable import HTTPServerKit

/// The server's log lines are `StreamLogHandler`'s, word for word after the timestamp.
struct ServerLogHandlerTests {
    @Test func aLineIsWhatStreamLogHandlerWrites() {
        let ours = CollectedLines()
        let theirs = CollectedLines()
        var logger = Logger(label: "friendservice") { label in ServerLogHandler(label: label, logLevel: .info, stream: ours) }
        var reference = Logger(label: "friendservice") { label in StreamLogHandler(label: label, stream: theirs, metadataProvider: nil) }
        Self.logARequest(&logger)
        Self.logARequest(&reference)

        #expect(ours.lines.count == 1)
        #expect(ours.lines.map(Self.withoutTimestamp) == theirs.lines.map(Self.withoutTimestamp))
        #expect(ours.lines.first?.contains("hb.request.id=7 method=GET status=200") == true)
        #expect(logger[metadataKey: "method"] == "GET")
    }

    private static func logARequest(_ logger: inout Logger) {
        logger[metadataKey: "hb.request.id"] = "7"
        logger[metadataKey: "method"] = "GET"
        logger.info("Answered", metadata: ["status": "200"])
        logger.debug("Not written at info")
    }

    private static func withoutTimestamp(_ line: String) -> String {
        String(line.drop { $0 != " " })
    }
}

private final class CollectedLines: TextOutputStream, Sendable {
    private let collected = NIOLockedValueBox<[String]>([])

    var lines: [String] { collected.withLockedValue { $0 } }

    func write(_ string: String) {
        collected.withLockedValue { $0.append(string) }
    }
}

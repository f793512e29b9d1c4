import Foundation
import FriendsClient
import Synchronization
import Testing

@testable import friends

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `friends export --vcard-version` asks for one version, and says so when the server does not give it.
struct CardExportVersionTests {
    /// A server answering one 3.0 card with the `Content-Type` given, recording what was asked.
    private final class CannedServer: EventStreamTransport {
        let contentType: String
        private let asked = Mutex<String?>(nil)
        var accept: String? { asked.withLock { $0 } }

        init(contentType: String) { self.contentType = contentType }

        func open(_ request: URLRequest) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
            asked.withLock { $0 = request.value(forHTTPHeaderField: "Accept") }
            let response = HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": contentType])!
            let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
            continuation.yield(Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nN:;Ada;;;\r\nEND:VCARD\r\n".utf8))
            continuation.finish()
            return (response, stream)
        }
    }

    private func export(from server: CannedServer, version: CardFileVersion?) async throws -> Int {
        var exporter = CardExporter(
            server: URL(string: "http://127.0.0.1:8080")!, credentials: nil, transport: server, progress: ProgressLine(isShown: false))
        exporter.version = version
        return try await exporter.export(to: "/dev/null", search: nil)
    }

    @Test func theVersionIsAskedForAndTheAnswerChecked() async throws {
        let current = CannedServer(contentType: "text/vcard; charset=utf-8; version=3.0")
        #expect(try await export(from: current, version: .version3) == 1)
        #expect(current.accept == "text/vcard; version=3.0")

        let older = CannedServer(contentType: "text/vcard; charset=utf-8")
        await #expect(throws: CardCommandError("This FriendService gives every card as it came, not in vCard 3.0; update it to export in one version.")) {
            try await export(from: older, version: .version3)
        }
        #expect(try await export(from: older, version: nil) == 1)
        #expect(older.accept == "text/vcard")
    }
}

import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `friends import --server URL` against a server that is slow, then stops answering, and a
/// Ctrl-C (a real SIGINT) while it waits.
@Suite(.timeLimit(.minutes(3))) struct FriendsImportInterruptionEndToEndTests {
    /// What the test saw while the server script ran.
    private final class Observed: @unchecked Sendable {
        let lock = NSLock()
        var child: pid_t = 0
        var processorSecondsAfterSilence: Double?
        var requests: [String] = []
    }

    @Test func ctrlCSaysWhatWasKeptAndWaitingForTheServerCostsNoProcessorTime() async throws {
        let friends = try #require(BuiltProducts.executable(named: "friends"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("interrupted-\(UUID().uuidString).vcf")
        defer { try? FileManager.default.removeItem(at: file) }
        // One card more than a batch: the second batch is the one the server never answers.
        let cards = (1...501).map { "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Friend \($0)\r\nN:\($0);Friend;;;\r\nEND:VCARD\r\n" }
        try Data(cards.joined().utf8).write(to: file)

        let observed = Observed()
        let server = try ScriptedHTTPServer { number, requestLine in
            let child = observed.lock.withLock {
                observed.requests.append(requestLine)
                return observed.child
            }
            switch number {
            case 0:
                // The check of --server: held, it lets the import go on after its 3 s of patience.
                return nil
            case 1:
                let seconds = ProcessTable.processorSeconds(of: child)
                observed.lock.withLock { observed.processorSecondsAfterSilence = seconds }
                let report = #"{"created":500,"updated":0,"unchanged":0,"failed":[]}"#
                return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(report.utf8.count)\r\n\r\n\(report)"
            default:
                kill(child, SIGINT)
                return nil
            }
        }
        defer { server.stop() }

        let result = try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result {
                    try ChildProcess.run(friends.path, ["import", file.path, "--server", server.url.absoluteString]) { pid in
                        observed.lock.withLock { observed.child = pid }
                    }
                })
            }.start()
        }

        #expect(observed.lock.withLock { observed.requests.map { $0.split(separator: " ").prefix(2).joined(separator: " ") } }
            == ["GET /friends?limit=1", "POST /friends/import", "POST /friends/import"])
        #expect(result.status == 130)
        #expect(result.errors == "friends import: Interrupted. The 500 cards sent before that were kept (created 500, updated 0, "
            + "unchanged 0); import the files again to finish: cards kept are not made twice.")
        // URLSession kept about 80 % of a core busy for the 3 s it waited on a silent server.
        let seconds = try #require(observed.lock.withLock { observed.processorSecondsAfterSilence })
        #expect(seconds < 1, "the import used \(seconds) s of processor time, 3 s of it waiting")
    }
}

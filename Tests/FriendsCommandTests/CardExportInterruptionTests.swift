import Foundation
import FriendsClient
import Testing
@testable import friends

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C while `friends export` writes into a pipe whose reader is slow: the copy stops at the
/// next piece the reader takes, with 130, instead of writing every card and ending with 0.
@Suite(.timeLimit(.minutes(3))) struct CardExportInterruptionTests {
    /// Answers the export with `cards` small cards, all at once.
    private struct CannedExport: EventStreamTransport {
        let cards: Int

        func open(_ request: URLRequest) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
            let response = HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)!
            let text = (1...cards).map { "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Friend \($0)\r\nN:\($0);Friend;;;\r\nEND:VCARD\r\n" }.joined()
            let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
            continuation.yield(Data(text.utf8))
            continuation.finish()
            return (response, stream)
        }
    }

    @Test func ctrlCWhileAPipeIsFullStopsTheCopyWith130() async throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString).fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        // The reader end first, without waiting for a writer; it reads nothing until told.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }

        let cards = 40_000
        let exporter = CardExporter(
            server: URL(string: "http://127.0.0.1:8080")!, credentials: nil, transport: CannedExport(cards: cards),
            progress: ProgressLine(isShown: false))
        let (signals, raise) = AsyncStream.makeStream(of: Int32.self)
        let (cancelled, cancelling) = AsyncStream.makeStream(of: Void.self)
        async let outcome = CardCommandRun.untilSignal(from: {
            var next = signals.makeAsyncIterator()
            return await next.next()
        }) {
            try await withTaskCancellationHandler {
                try await exporter.export(to: fifo, search: nil)
            } onCancel: {
                cancelling.yield()
            }
        }
        // The pipe is full: the copy waits for its reader.
        var queued: Int32 = 0
        while queued < 65_536 {
            _ = ioctl(reader, UInt(FIONREAD), &queued)
            await Task.yield()
        }
        raise.yield(SIGINT)
        for await _ in cancelled { break }

        // Now the reader takes everything, to the end the writer makes.
        let blocking = fcntl(reader, F_GETFL) & ~O_NONBLOCK
        _ = fcntl(reader, F_SETFL, blocking)
        let read = await Task.detached {
            var total = 0
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(reader, $0.baseAddress, $0.count) }
                if count <= 0 { return total }
                total += count
            }
        }.value

        let ended = await outcome
        #expect(ended.signalStatus == 130)
        #expect(throws: (any Error).self) { try ended.result.get() }
        let whole = cards * 60
        #expect(read < whole / 4, "\(read) bytes of about \(whole) were written after Ctrl-C")
    }
}

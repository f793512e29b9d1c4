import Foundation
import NIOCore
import NIOPosix

/// A TCP server on 127.0.0.1 (OS-picked port) that hands each connection to the test, which reads
/// the request head and writes exactly the bytes it wants, when it wants: a server as an event
/// stream's transport meets it, one piece at a time.
final class ScriptedServer: Sendable {
    let url: URL
    /// Each accepted connection, in order.
    let connections: AsyncStream<ScriptedConnection>
    private let listener: any Channel

    private init(listener: any Channel, connections: AsyncStream<ScriptedConnection>) throws {
        self.listener = listener
        self.connections = connections
        guard let port = listener.localAddress?.port else { throw URLError(.cannotConnectToHost) }
        url = URL(string: "http://127.0.0.1:\(port)")!
    }

    /// Starts a server, runs `body` with it, and stops it.
    static func with(_ body: (ScriptedServer) async throws -> Void) async throws {
        let (connections, accepted) = AsyncStream.makeStream(of: ScriptedConnection.self)
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let head = channel.eventLoop.makePromise(of: String.self)
                    try channel.pipeline.syncOperations.addHandler(RequestHeadReader(head))
                    accepted.yield(ScriptedConnection(channel: channel, head: head.futureResult))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let server = try ScriptedServer(listener: listener, connections: connections)
        let result = await Result { try await body(server) }
        accepted.finish()
        try? await listener.close()
        try result.get()
    }

    /// The next connection a client makes.
    func nextConnection() async throws -> ScriptedConnection {
        var iterator = connections.makeAsyncIterator()
        guard let connection = await iterator.next() else { throw URLError(.cannotConnectToHost) }
        return connection
    }
}

extension Result where Failure == any Error {
    fileprivate init(_ body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}

/// One accepted connection.
struct ScriptedConnection: Sendable {
    let channel: any Channel
    private let head: EventLoopFuture<String>

    init(channel: any Channel, head: EventLoopFuture<String>) {
        self.channel = channel
        self.head = head
    }

    /// The request line and headers, once they all arrived.
    func requestHead() async throws -> String {
        try await head.get()
    }

    /// Sends `text` as it is, at once.
    func send(_ text: String) async throws {
        try await channel.writeAndFlush(ByteBuffer(string: text))
    }

    /// Sends `text` as one chunk of a chunked body.
    func sendChunk(_ text: String) async throws {
        try await send(String(text.utf8.count, radix: 16) + "\r\n" + text + "\r\n")
    }

    /// The head of a `200` event stream with a chunked body.
    func sendEventStreamHead() async throws {
        try await send("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
    }

    /// Ends the chunked body and closes the connection (unless the client, having read the end, already did).
    func endAndClose() async throws {
        try await send("0\r\n\r\n")
        try? await channel.close()
    }

    /// Returns once the connection is closed (by either side).
    func closed() async throws {
        try await channel.closeFuture.get()
    }
}

/// Collects the request head's bytes and drops the rest.
private final class RequestHeadReader: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let head: EventLoopPromise<String>
    private var received = ""
    private var isDone = false

    init(_ head: EventLoopPromise<String>) {
        self.head = head
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isDone else { return }
        received += String(buffer: unwrapInboundIn(data))
        if received.contains("\r\n\r\n") {
            isDone = true
            head.succeed(received)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !isDone { head.fail(ChannelError.eof) }
        context.fireChannelInactive()
    }
}

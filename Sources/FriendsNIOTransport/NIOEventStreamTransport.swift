import Foundation
import FriendsClient
import NIOCore
import NIOHTTP1
import NIOPosix
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The apps follow the live change feed over SwiftNIO rather than URLSession.
///
/// On Linux, URLSession (libcurl under corelibs Foundation) keeps a write source armed on a
/// response that stays open, so a feed with nothing to say kept a core busy: strace showed the
/// stream's socket reported writable and polled for input thousands of times a second. This
/// transport asks the event loop only to read. It speaks plain HTTP/1.1 (the built-in server,
/// or a `--server` on http); for https it leaves the feed to URLSession.
public struct NIOEventStreamTransport: EventStreamTransport {
    public init() {}

    public func open(_ request: URLRequest) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
        guard let url = request.url, url.scheme == "http", let host = url.host else {
            return try await URLSessionEventStreamTransport().open(request)
        }
        let (body, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        let group = MultiThreadedEventLoopGroup.singleton
        let head = group.any().makePromise(of: HTTPURLResponse.self)
        let idleTimeout = TimeAmount.seconds(Int64(max(1, request.timeoutInterval)))
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: group)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        try channel.pipeline.syncOperations.addHandlers(
                            IdleStateHandler(readTimeout: idleTimeout),
                            EventStreamHandler(url: url, head: head, body: continuation)
                        )
                    }
                }
                .connect(host: host, port: url.port ?? 80).get()
        } catch {
            head.fail(error)
            continuation.finish(throwing: error)
            throw error
        }
        continuation.onTermination = { _ in channel.close(promise: nil) }

        var headers = HTTPHeaders()
        headers.add(name: "Host", value: url.port.map { "\(host):\($0)" } ?? host)
        for (name, value) in request.allHTTPHeaderFields ?? [:] { headers.add(name: name, value: value) }
        let target = (url.path.isEmpty ? "/" : url.path) + (url.query.map { "?\($0)" } ?? "")
        channel.write(HTTPClientRequestPart.head(HTTPRequestHead(version: .http1_1, method: .GET, uri: target, headers: headers)), promise: nil)
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        return try await withTaskCancellationHandler {
            (try await head.futureResult.get(), body)
        } onCancel: {
            channel.close(promise: nil)
        }
    }
}

/// Hands the response head to `head` and each piece of the body to `body`; a closed or idle
/// connection ends both.
private final class EventStreamHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    private let url: URL
    private let head: EventLoopPromise<HTTPURLResponse>
    private let body: AsyncThrowingStream<Data, any Error>.Continuation
    private var isHeadSettled = false

    init(url: URL, head: EventLoopPromise<HTTPURLResponse>, body: AsyncThrowingStream<Data, any Error>.Continuation) {
        self.url = url
        self.head = head
        self.body = body
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let response):
            var fields: [String: String] = [:]
            for (name, value) in response.headers { fields[name] = value }
            guard let response = HTTPURLResponse(
                url: url, statusCode: Int(response.status.code), httpVersion: "HTTP/1.1", headerFields: fields
            ) else {
                end(URLError(.badServerResponse), context: context)
                return
            }
            isHeadSettled = true
            head.succeed(response)
        case .body(let buffer):
            body.yield(Data(buffer.readableBytesView))
        case .end:
            body.finish()
            context.close(promise: nil)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            end(URLError(.timedOut), context: context)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        end(error, context: context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        end(URLError(.networkConnectionLost), context: nil)
    }

    private func end(_ error: any Error, context: ChannelHandlerContext?) {
        if !isHeadSettled {
            isHeadSettled = true
            head.fail(error)
        }
        body.finish(throwing: error)
        context?.close(promise: nil)
    }
}

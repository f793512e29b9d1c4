import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request on a connection of its own, over SwiftNIO: the request's method, headers and body
/// go out, the response head comes back once, then its body chunk by chunk as it arrives.
///
/// While it waits, the event loop is asked only to read, so a server that is slow to answer
/// costs no CPU (URLSession on Linux polled a writable socket thousands of times a second).
/// The request's `timeoutInterval` bounds each silence, not the whole exchange. Plain HTTP only.
enum NIOHTTPExchange {
    static func open(_ request: URLRequest) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
        guard let url = request.url, url.scheme?.lowercased() == "http", let host = url.host else {
            throw URLError(.unsupportedURL)
        }
        let (body, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        let group = MultiThreadedEventLoopGroup.singleton
        let head = group.any().makePromise(of: HTTPURLResponse.self)
        let idleTimeout = TimeAmount.milliseconds(Int64(max(1, request.timeoutInterval) * 1_000))
        let channel: any Channel
        do {
            try Task.checkCancellation()
            channel = try await ClientBootstrap(group: group)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        try channel.pipeline.syncOperations.addHandlers(
                            IdleStateHandler(readTimeout: idleTimeout),
                            ResponseHandler(url: url, head: head, body: continuation)
                        )
                    }
                }
                .connect(host: host, port: url.port ?? 80).get()
        } catch {
            let failure = error is CancellationError ? error : URLError(.cannotConnectToHost)
            head.fail(failure)
            continuation.finish(throwing: failure)
            throw failure
        }
        continuation.onTermination = { _ in channel.close(promise: nil) }

        let payload = request.httpBody ?? Data()
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: hostField(host: host, port: url.port))
        for (name, value) in request.allHTTPHeaderFields ?? [:] { headers.add(name: name, value: value) }
        let method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        if !payload.isEmpty || method == .POST || method == .PUT || method == .PATCH {
            headers.replaceOrAdd(name: "Content-Length", value: String(payload.count))
        }
        // As the URL has them, percent-escapes and all: `url.path` would decode them.
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let path = components?.percentEncodedPath ?? ""
        let target = (path.isEmpty ? "/" : path) + (components?.percentEncodedQuery.map { "?\($0)" } ?? "")
        channel.write(HTTPClientRequestPart.head(HTTPRequestHead(version: .http1_1, method: method, uri: target, headers: headers)), promise: nil)
        if !payload.isEmpty {
            channel.write(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: payload))), promise: nil)
        }
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        return try await withTaskCancellationHandler {
            do {
                return (try await head.futureResult.get(), body)
            } catch {
                throw Task.isCancelled ? CancellationError() : error
            }
        } onCancel: {
            channel.close(promise: nil)
        }
    }

    /// `Host` as RFC 9110 writes it: an IPv6 address (which `URL.host` gives without its brackets)
    /// in brackets, then the port when the URL names one.
    static func hostField(host: String, port: Int?) -> String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port.map { "\(name):\($0)" } ?? name
    }
}

/// Hands the response head to `head` and each piece of the body to `body`; a closed or idle
/// connection ends both.
private final class ResponseHandler: ChannelInboundHandler {
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

    /// Ends both with `error`, said as the `URLError` the clients understand.
    private func end(_ error: any Error, context: ChannelHandlerContext?) {
        let error = error as? URLError ?? URLError(.networkConnectionLost)
        if !isHeadSettled {
            isHeadSettled = true
            head.fail(error)
        }
        body.finish(throwing: error)
        context?.close(promise: nil)
    }
}

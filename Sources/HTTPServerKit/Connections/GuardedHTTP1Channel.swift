import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 channel with a `ConnectionGuard` between the HTTP parser and the router:
/// what both servers (FriendService, the browser views) use in place of a plain HTTP/1 server.
public struct GuardedHTTP1Channel: ServerChildChannel {
    public typealias Value = HTTP1Channel.Value

    let base: HTTP1Channel
    let limits: ConnectionLimits
    let silentConnections: SilentConnections
    let refusalBody: RefusalBody
    let logger: Logger

    public static func builder(limits: ConnectionLimits, refusalBody: RefusalBody, logger: Logger) -> HTTPServerBuilder {
        let silentConnections = SilentConnections(
            limit: limits.maximumSilentConnections, slots: limits.maximumConnections, patience: TimeAmount(limits.silencePatience)
        )
        return HTTPServerBuilder { responder in
            GuardedHTTP1Channel(
                base: HTTP1Channel(responder: ContinueOnFirstRead.responder(responder)),
                limits: limits, silentConnections: silentConnections, refusalBody: refusalBody, logger: logger
            )
        }
    }

    public func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let limits = limits
        let refusalBody = refusalBody
        let silentConnections = silentConnections
        let guardLogger = self.logger
        return base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let operations = channel.pipeline.syncOperations
            let parser = try operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            let connectionGuard = ConnectionGuard(limits: limits, silentConnections: silentConnections, refusalBody: refusalBody, logger: guardLogger)
            try operations.addHandler(RequestBytesWatch(connectionGuard), position: .first)
            try operations.addHandler(connectionGuard, position: .after(parser))
            return value
        }
    }

    public func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

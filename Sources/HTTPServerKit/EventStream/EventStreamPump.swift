import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// What a followed stream writes next, as its pump asks for it.
public enum EventStreamNext: Sendable {
    case event(EventStreamChunk)
    /// Nothing yet: the source wakes the pump when it has more, or has ended.
    case waiting
    /// The stream is over.
    case ended
}

/// The events of a stream that its connection's event loop writes as they come.
public protocol EventStreamSource: Sendable {
    /// Called once, when following starts: from then on the source wakes `pump` whenever it has
    /// something after it last answered `.waiting`.
    func start(_ pump: EventStreamPump)
    /// The next event; called on the pump's event loop only.
    func next() -> EventStreamNext
}

/// Writes a stream's events straight onto its channel, on the channel's event loop, for as long
/// as the channel can take them; when it cannot (the client reads slowly), the events wait in the
/// source until the channel is writable again.
///
/// This is below Hummingbird's response body writer on purpose: a live feed's event goes to
/// every subscriber, and a task woken per subscriber, each hopping to its connection's event
/// loop, was a third of the server's time per event (BENCHMARKS.md). `wake(_:)` writes to all the
/// subscribers of one event loop in one pass instead. The response's own writer writes nothing
/// while the pump runs (`EventStreamConnection.follow`), and its end comes after the pump's last
/// event because both run in order on the same event loop.
///
/// On an HTTP/1 connection the pump writes each event's chunk, framed once for all subscribers
/// (`EventStreamChunk`), right below the pipeline's `HTTPResponseEncoder`, as the encoder itself
/// would: the handlers above it only pass a body part on, and crossing them and framing the
/// chunk again for every subscriber cost a sixth of the server's time per event. That is
/// the encoder's own framing: the response head Hummingbird writes is HTTP/1.1 without a length,
/// so the encoder sends the body chunked, and a `HEAD` response, which has no body, never runs
/// its body at all. On any other pipeline, and to an HTTP/1.0 request (answered unchunked), the
/// pump writes `HTTPResponsePart`s at the pipeline's tail.
public final class EventStreamPump: Sendable {
    public let eventLoop: any EventLoop
    private let channel: any Channel
    private let source: any EventStreamSource
    /// The context of the connection's `HTTPResponseEncoder`, whose next handler takes the framed
    /// chunks; `nil` on a pipeline without one.
    private let encoder: NIOLoopBound<ChannelHandlerContext?>
    /// When a waiting event found the channel unwritable; the connection's stall check reads it.
    private let writeStarted: NIOLockedValueBox<NIODeadline?>
    /// The event taken from the source that the channel could not take yet.
    private let held: NIOLoopBoundBox<EventStreamChunk?>
    private let isDone: NIOLoopBoundBox<Bool>
    private let ended: EventLoopPromise<Void>

    /// Made on the channel's event loop.
    init(channel: any Channel, source: any EventStreamSource, writeStarted: NIOLockedValueBox<NIODeadline?>) {
        self.channel = channel
        eventLoop = channel.eventLoop
        self.source = source
        self.writeStarted = writeStarted
        encoder = NIOLoopBound(Self.chunkWriter(of: channel), eventLoop: channel.eventLoop)
        held = NIOLoopBoundBox(nil, eventLoop: channel.eventLoop)
        isDone = NIOLoopBoundBox(false, eventLoop: channel.eventLoop)
        ended = channel.eventLoop.makePromise()
        channel.closeFuture.whenComplete { [self] _ in end() }
    }

    /// The context whose writes go out as the response's encoder would send them, when the response
    /// is chunked: on an HTTP/1 pipeline, unless it answers an HTTP/1.0 request (`ConnectionGuard`).
    private static func chunkWriter(of channel: any Channel) -> ChannelHandlerContext? {
        let operations = channel.pipeline.syncOperations
        if let connectionGuard = try? operations.handler(type: ConnectionGuard.self), connectionGuard.isAnsweringHTTP10 { return nil }
        return try? operations.context(handlerType: HTTPResponseEncoder.self)
    }

    private func end() {
        guard !isDone.value else { return }
        isDone.value = true
        held.value = nil
        ended.succeed()
    }

    /// Succeeds once the source has ended and everything before has been written to the
    /// channel, or once the channel has closed.
    var finished: EventLoopFuture<Void> { ended.futureResult }

    /// Runs the pump on its event loop.
    public func wake() {
        eventLoop.execute { self.run() }
    }

    /// Runs every pump, one pass per event loop.
    public static func wake(_ pumps: [EventStreamPump]) {
        var byLoop: [ObjectIdentifier: (loop: any EventLoop, pumps: [EventStreamPump])] = [:]
        for pump in pumps { byLoop[ObjectIdentifier(pump.eventLoop), default: (pump.eventLoop, [])].pumps.append(pump) }
        for (loop, pumps) in byLoop.values {
            loop.execute { for pump in pumps { pump.run() } }
        }
    }

    /// Writes what the source has while the channel is writable. On the event loop only.
    func run() {
        guard !isDone.value, channel.isActive else { return }
        let encoder = encoder.value
        var wrote = false
        defer {
            if wrote {
                if let encoder { encoder.flush() } else { channel.flush() }
            }
        }
        while let chunk = held.value ?? takeNext() {
            guard channel.isWritable else {
                if held.value == nil {
                    held.value = chunk
                    writeStarted.withLockedValue { $0 = .now() }
                }
                return
            }
            if held.value != nil {
                held.value = nil
                writeStarted.withLockedValue { $0 = nil }
            }
            guard !chunk.isEmpty else { continue }
            if let encoder {
                encoder.write(NIOAny(chunk.framed), promise: nil)
            } else {
                channel.write(HTTPResponsePart.body(chunk.event), promise: nil)
            }
            wrote = true
        }
    }

    /// The source's next event; `nil` when it has none yet, or has ended (which ends the pump).
    private func takeNext() -> EventStreamChunk? {
        switch source.next() {
        case .event(let event): return event
        case .waiting: return nil
        case .ended:
            end()
            return nil
        }
    }
}

/// Runs the pump again when its channel becomes writable.
final class WakeWhenWritable: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let pump: EventStreamPump

    init(_ pump: EventStreamPump) {
        self.pump = pump
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        context.fireChannelWritabilityChanged()
        if context.channel.isWritable { pump.run() }
    }
}

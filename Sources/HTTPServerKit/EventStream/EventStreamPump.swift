import NIOConcurrencyHelpers
import NIOCore
import NIOHTTPTypes

/// What a followed stream writes next, as its pump asks for it.
public enum EventStreamNext: Sendable {
    case event(ByteBuffer)
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
/// subscribers of one event loop in one pass instead. The channel is an HTTP/1 connection
/// whose pipeline takes `HTTPResponsePart`s, as the response's own writer does; that writer
/// writes nothing while the pump runs (`EventStreamConnection.follow`), and its end comes after
/// the pump's last event because both run in order on the same event loop.
public final class EventStreamPump: Sendable {
    public let eventLoop: any EventLoop
    private let channel: any Channel
    private let source: any EventStreamSource
    /// When a waiting event found the channel unwritable; the connection's stall check reads it.
    private let writeStarted: NIOLockedValueBox<NIODeadline?>
    /// The event taken from the source that the channel could not take yet.
    private let held: NIOLoopBoundBox<ByteBuffer?>
    private let isDone: NIOLoopBoundBox<Bool>
    private let ended: EventLoopPromise<Void>

    /// Made on the channel's event loop.
    init(channel: any Channel, source: any EventStreamSource, writeStarted: NIOLockedValueBox<NIODeadline?>) {
        self.channel = channel
        eventLoop = channel.eventLoop
        self.source = source
        self.writeStarted = writeStarted
        held = NIOLoopBoundBox(nil, eventLoop: channel.eventLoop)
        isDone = NIOLoopBoundBox(false, eventLoop: channel.eventLoop)
        ended = channel.eventLoop.makePromise()
        channel.closeFuture.whenComplete { [self] _ in end() }
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
        var wrote = false
        defer { if wrote { channel.flush() } }
        while let event = held.value ?? takeNext() {
            guard channel.isWritable else {
                if held.value == nil {
                    held.value = event
                    writeStarted.withLockedValue { $0 = .now() }
                }
                return
            }
            if held.value != nil {
                held.value = nil
                writeStarted.withLockedValue { $0 = nil }
            }
            channel.write(HTTPResponsePart.body(event), promise: nil)
            wrote = true
        }
    }

    /// The source's next event; `nil` when it has none yet, or has ended (which ends the pump).
    private func takeNext() -> ByteBuffer? {
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

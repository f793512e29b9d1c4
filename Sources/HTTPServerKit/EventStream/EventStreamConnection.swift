import Hummingbird
import NIOConcurrencyHelpers
import NIOCore

/// The connection an event stream is written to. It lets nobody hold the server's resources
/// by going quiet:
/// - a client that closes its side (or whose connection ends) is noticed at once, not at the next write;
/// - the socket may queue only a little (`EventStreamLimits`), so a subscriber that stops
///   reading soon makes writes wait, and a write that waits `progressTimeout` closes the connection;
/// - the connection closes when the stream ends: an event stream is never followed by another request.
public struct EventStreamConnection: Sendable {
    private let channel: any Channel
    private let limits: EventStreamLimits
    private let isClientGone = NIOLockedValueBox(false)
    /// When the write in progress began; `nil` between writes.
    private let writeStarted = NIOLockedValueBox<NIODeadline?>(nil)

    /// Prepares `channel` for a stream; `onClientGone` is called once, as soon as the client closes
    /// its side or the connection ends. (On a connection that is not active any more, the first
    /// write fails instead.)
    public init(channel: any Channel, limits: EventStreamLimits, onClientGone: @escaping @Sendable () -> Void) async {
        self.channel = channel
        self.limits = limits
        _ = try? await channel.setOption(ChannelOptions.socketOption(.so_sndbuf), value: SocketOptionValue(limits.sendBufferSize)).get()
        let high = max(2, limits.pendingWriteLimit)
        _ = try? await channel.setOption(ChannelOptions.writeBufferWaterMark, value: .init(low: high / 2, high: high)).get()
        let isClientGone = isClientGone
        _ = try? await channel.eventLoop.submit {
            guard channel.isActive else { return }
            let watch = ClientGoneWatch {
                isClientGone.withLockedValue { $0 = true }
                onClientGone()
            }
            try channel.pipeline.syncOperations.addHandler(watch, position: .first)
        }.get()
        Self.closeOnStalledWrites(channel, limit: TimeAmount(limits.progressTimeout), writeStarted: writeStarted)
    }

    /// A check on the channel's own event loop, four times per `limit`, closes the connection when
    /// a write has waited `limit`. (A deadline scheduled and cancelled around each write cost two
    /// trips to the event loop per event and subscriber, a third of a broadcast's time.)
    private static func closeOnStalledWrites(_ channel: any Channel, limit: TimeAmount, writeStarted: NIOLockedValueBox<NIODeadline?>) {
        let period = TimeAmount.nanoseconds(max(1, limit.nanoseconds / 4))
        let check = channel.eventLoop.scheduleRepeatedTask(initialDelay: period, delay: period) { task in
            guard let started = writeStarted.withLockedValue({ $0 }), NIODeadline.now() - started >= limit else { return }
            task.cancel()
            channel.close(promise: nil)
        }
        channel.closeFuture.whenComplete { _ in check.cancel() }
    }

    /// Writes `buffer`; when the write cannot even be queued for `progressTimeout`, the connection
    /// is closed and the write throws.
    public func write(_ buffer: ByteBuffer, to writer: inout any ResponseBodyWriter) async throws {
        writeStarted.withLockedValue { $0 = .now() }
        defer { writeStarted.withLockedValue { $0 = nil } }
        try await writer.write(buffer)
    }

    /// Writes `source`'s events as they come, on the channel's event loop (`EventStreamPump`),
    /// until it ends or the connection closes; cancelling the task closes the connection. Call it
    /// after the last `write`, and `finish` after it.
    public func follow(_ source: some EventStreamSource) async {
        let (channel, writeStarted) = (channel, writeStarted)
        let made = try? await channel.eventLoop.submit {
            let pump = EventStreamPump(channel: channel, source: source, writeStarted: writeStarted)
            try channel.pipeline.syncOperations.addHandler(WakeWhenWritable(pump), position: .first)
            return pump
        }.get()
        guard let pump = made else { return }
        source.start(pump)
        await withTaskCancellationHandler {
            _ = try? await pump.finished.get()
        } onCancel: {
            channel.close(promise: nil)
        }
    }

    /// Ends the response, then closes the connection once what was written has been sent (or
    /// anyway after `progressTimeout` more, when the client does not read it). When the client has
    /// gone, it just closes.
    public func finish(_ writer: inout any ResponseBodyWriter) async throws {
        guard !isClientGone.withLockedValue({ $0 }) else {
            try? await channel.close()
            return
        }
        let deadline = closeUnlessDone(within: limits.progressTimeout)
        do {
            try await writer.finish(nil)
        } catch {
            deadline.cancel()
            throw error
        }
        channel.close(mode: .output).whenComplete { _ in deadline.cancel() }
    }

    private func closeUnlessDone(within timeout: Duration) -> Scheduled<Void> {
        let channel = channel
        return channel.eventLoop.scheduleTask(in: TimeAmount(timeout)) { channel.close(promise: nil) }
    }
}

/// Tells when the client closed its side or the connection ended.
private final class ClientGoneWatch: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private var onClientGone: (@Sendable () -> Void)?

    init(_ onClientGone: @escaping @Sendable () -> Void) {
        self.onClientGone = onClientGone
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .inputClosed? = event as? ChannelEvent { clientLeft() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        clientLeft()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        clientLeft()
    }

    private func clientLeft() {
        let call = onClientGone
        onClientGone = nil
        call?()
    }
}

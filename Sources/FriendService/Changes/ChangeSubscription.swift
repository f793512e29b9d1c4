import FriendStorage
import FriendsAPI
import HTTPServerKit
import NIOConcurrencyHelpers
import NIOCore

/// A change with its Server-Sent Event, written and framed once however many subscribers send it.
struct EncodedChange: Sendable, Equatable {
    let change: FriendChange
    let chunk: EventStreamChunk

    init(_ change: FriendChange) {
        self.change = change
        chunk = EventStreamChunk(ServerSentEvents.event(change))
    }
}

/// One subscriber's bounded buffer of changes. The feed delivers without ever waiting; when the
/// subscriber has fallen `capacity` changes behind, its buffer is replaced by one `reset` and the
/// subscription ends, so a stalled client costs at most `capacity` changes of memory.
///
/// A stream's connection drains it with `take()`, on its event loop (`start(pumping:)`); the feed
/// wakes the pumps of all the subscriptions on one event loop in one pass. In process, a task can
/// drain it by awaiting `next()` instead.
final class ChangeSubscription: Sendable {
    enum Item: Sendable, Equatable {
        case change(EncodedChange)
        /// Nothing happened for a while; the stream writes a comment so proxies keep it open.
        case keepAlive
    }

    /// What `take()` found.
    enum Taken: Sendable, Equatable {
        case item(Item)
        /// Nothing yet: the pump is woken when something comes.
        case waiting
        /// The subscription has ended and everything buffered was taken.
        case ended
    }

    private struct State {
        var items: [Item] = []
        var waiter: CheckedContinuation<Item?, Never>?
        var isFinished = false
        var pump: EventStreamPump?
        /// The pump was woken and has not said `.waiting` since: it needs no other wake.
        var isPumpAwake = false

        /// The pump, the first time it is asked for since it last found nothing to take.
        mutating func pumpToWake() -> EventStreamPump? {
            guard let pump, !isPumpAwake else { return nil }
            isPumpAwake = true
            return pump
        }
    }

    let id: Int
    private let capacity: Int
    private let state = NIOLockedValueBox(State())

    init(id: Int, capacity: Int) {
        self.id = id
        self.capacity = max(1, capacity)
    }

    /// Hands a change to the subscriber; false when the subscription has ended (overflow
    /// included). A pump that now has something to write is added to `pumps`, for the caller to wake.
    @discardableResult
    func deliver(_ change: EncodedChange, waking pumps: inout [EventStreamPump]) -> Bool {
        let (waiter, pump, isOpen): (CheckedContinuation<Item?, Never>?, EventStreamPump?, Bool) = state.withLockedValue { state in
            guard !state.isFinished else { return (nil, nil, false) }
            if let waiter = state.waiter {
                state.waiter = nil
                return (waiter, nil, true)
            }
            if state.items.count >= capacity {
                state.items = [.change(EncodedChange(FriendChange(sequence: change.change.sequence, event: .reset)))]
                state.isFinished = true
                return (nil, state.pumpToWake(), false)
            }
            state.items.append(.change(change))
            return (nil, state.pumpToWake(), true)
        }
        waiter?.resume(returning: .change(change))
        if let pump { pumps.append(pump) }
        return isOpen
    }

    /// Gives an idle subscriber a keep-alive; one with changes waiting is not idle and gets none.
    func keepAlive(waking pumps: inout [EventStreamPump]) {
        let (waiter, pump): (CheckedContinuation<Item?, Never>?, EventStreamPump?) = state.withLockedValue { state in
            guard state.items.isEmpty, !state.isFinished else { return (nil, nil) }
            guard let waiter = state.waiter else {
                state.items.append(.keepAlive)
                return (nil, state.pumpToWake())
            }
            state.waiter = nil
            return (waiter, nil)
        }
        waiter?.resume(returning: .keepAlive)
        if let pump { pumps.append(pump) }
    }

    /// Ends the subscription after what is buffered (shutdown, or the client went away).
    func finish() {
        let (waiter, pump) = state.withLockedValue { state in
            state.isFinished = true
            defer { state.waiter = nil }
            return (state.waiter, state.pumpToWake())
        }
        waiter?.resume(returning: nil)
        pump?.wake()
    }

    /// Ends the subscription with a `reset` at `sequence` in place of what is buffered.
    func reset(at sequence: Int) {
        let reset = Item.change(EncodedChange(FriendChange(sequence: sequence, event: .reset)))
        let (waiter, pump): (CheckedContinuation<Item?, Never>?, EventStreamPump?) = state.withLockedValue { state in
            state.isFinished = true
            if let waiter = state.waiter {
                state.waiter = nil
                return (waiter, nil)
            }
            state.items = [reset]
            return (nil, state.pumpToWake())
        }
        waiter?.resume(returning: reset)
        pump?.wake()
    }

    /// The next item, waiting for one; `nil` once the subscription has ended and is drained.
    func next() async -> Item? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Item?, Never>) in
                let ready: Item?? = state.withLockedValue { state in
                    if !state.items.isEmpty { return .some(state.items.removeFirst()) }
                    if state.isFinished || Task.isCancelled { return .some(nil) }
                    state.waiter = continuation
                    return .none
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            finish()
        }
    }

    /// From now on `pump` drains the subscription with `take()`; it is woken at once when
    /// something is buffered already.
    func start(pumping pump: EventStreamPump) {
        let wake = state.withLockedValue { state in
            state.pump = pump
            state.isPumpAwake = false
            return state.items.isEmpty && !state.isFinished ? nil : state.pumpToWake()
        }
        wake?.wake()
    }

    /// The next item without waiting, for the pump.
    func take() -> Taken {
        state.withLockedValue { state in
            if !state.items.isEmpty { return .item(state.items.removeFirst()) }
            if state.isFinished { return .ended }
            state.isPumpAwake = false
            return .waiting
        }
    }

    /// Changes buffered and not yet taken.
    var bufferedCount: Int {
        state.withLockedValue { $0.items.count }
    }

    var isFinished: Bool {
        state.withLockedValue { $0.isFinished }
    }
}

import FriendStorage
import FriendsAPI
import NIOConcurrencyHelpers
import NIOCore

/// A change with its Server-Sent Event, written once however many subscribers send it.
struct EncodedChange: Sendable, Equatable {
    let change: FriendChange
    let event: ByteBuffer

    init(_ change: FriendChange) {
        self.change = change
        event = ServerSentEvents.event(change)
    }
}

/// One subscriber's bounded buffer of changes. The feed delivers without ever waiting; when the
/// subscriber has fallen `capacity` changes behind, its buffer is replaced by one `reset` and the
/// subscription ends, so a stalled client costs at most `capacity` changes of memory.
final class ChangeSubscription: Sendable {
    enum Item: Sendable, Equatable {
        case change(EncodedChange)
        /// Nothing happened for a while; the stream writes a comment so proxies keep it open.
        case keepAlive
    }

    private struct State {
        var items: [Item] = []
        var waiter: CheckedContinuation<Item?, Never>?
        var isFinished = false
    }

    let id: Int
    private let capacity: Int
    private let state = NIOLockedValueBox(State())

    init(id: Int, capacity: Int) {
        self.id = id
        self.capacity = max(1, capacity)
    }

    /// Hands a change to the subscriber; false when the subscription has ended (overflow included).
    @discardableResult
    func deliver(_ change: EncodedChange) -> Bool {
        let (waiter, isOpen): (CheckedContinuation<Item?, Never>?, Bool) = state.withLockedValue { state in
            guard !state.isFinished else { return (nil, false) }
            if let waiter = state.waiter {
                state.waiter = nil
                return (waiter, true)
            }
            if state.items.count >= capacity {
                state.items = [.change(EncodedChange(FriendChange(sequence: change.change.sequence, event: .reset)))]
                state.isFinished = true
                return (nil, false)
            }
            state.items.append(.change(change))
            return (nil, true)
        }
        waiter?.resume(returning: .change(change))
        return isOpen
    }

    /// Gives an idle subscriber a keep-alive; one with changes waiting is not idle and gets none.
    func keepAlive() {
        let waiter: CheckedContinuation<Item?, Never>? = state.withLockedValue { state in
            guard state.items.isEmpty, !state.isFinished else { return nil }
            guard let waiter = state.waiter else {
                state.items.append(.keepAlive)
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: .keepAlive)
    }

    /// Ends the subscription after what is buffered (shutdown, or the client went away).
    func finish() {
        let waiter = state.withLockedValue { state in
            state.isFinished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }

    /// Ends the subscription with a `reset` at `sequence` in place of what is buffered.
    func reset(at sequence: Int) {
        let waiter: CheckedContinuation<Item?, Never>? = state.withLockedValue { state in
            let reset = Item.change(EncodedChange(FriendChange(sequence: sequence, event: .reset)))
            state.isFinished = true
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.items = [reset]
            return nil
        }
        waiter?.resume(returning: .change(EncodedChange(FriendChange(sequence: sequence, event: .reset))))
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

    /// Changes buffered and not yet taken.
    var bufferedCount: Int {
        state.withLockedValue { $0.items.count }
    }

    var isFinished: Bool {
        state.withLockedValue { $0.isFinished }
    }
}

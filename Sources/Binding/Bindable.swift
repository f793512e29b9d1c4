/// An observable value that connects a view model's outputs to a view.
///
/// Listeners are told, in the order they bound, after a new value is stored. A listener may set
/// the value again while it is being told: the new value is stored at once and delivered to every
/// listener after the current round, so listeners see values in order and nothing recurses.
@MainActor
public final class Bindable<Value> {
    public typealias Listener = @MainActor (Value) -> Void

    private struct Entry {
        let id: UInt64
        let listener: Listener
        /// False once the listener's owner is gone; the entry is dropped at the next chance.
        let isAlive: @MainActor () -> Bool
    }

    private var entries: [Entry] = []
    private var nextID: UInt64 = 0
    private var isNotifying = false
    private var hasPendingNotification = false
    private let isDuplicate: ((Value, Value) -> Bool)?
    /// Sources a derived value keeps alive (see `map`).
    private var sources: [AnyObject] = []

    public var value: Value {
        didSet {
            if let isDuplicate, isDuplicate(oldValue, value) { return }
            notify()
        }
    }

    public convenience init(_ value: Value) {
        self.init(value, isDuplicate: nil)
    }

    init(_ value: Value, isDuplicate: ((Value, Value) -> Bool)?) {
        self.value = value
        self.isDuplicate = isDuplicate
    }

    /// Tells `listener` of every later value, until the returned token is cancelled.
    @discardableResult
    public func bind(_ listener: @escaping Listener) -> BindingToken {
        add(listener, isAlive: { true })
    }

    /// Tells `listener` the current value now, then every later value.
    @discardableResult
    public func bindAndFire(_ listener: @escaping Listener) -> BindingToken {
        let token = bind(listener)
        listener(value)
        return token
    }

    /// Binds for as long as `owner` lives: the owner is held weakly and handed to the listener,
    /// so the closure needs no capture of its own and cannot form a retain cycle.
    @discardableResult
    public func bind<Owner: AnyObject>(
        _ owner: Owner,
        fire: Bool = false,
        _ listener: @escaping @MainActor (Owner, Value) -> Void
    ) -> BindingToken {
        let token = add(
            { [weak owner] value in if let owner { listener(owner, value) } },
            isAlive: { [weak owner] in owner != nil }
        )
        if fire { listener(owner, value) }
        return token
    }

    /// The number of bindings still in effect.
    public var listenerCount: Int {
        entries.filter { $0.isAlive() }.count
    }

    func retainSource(_ source: AnyObject) {
        sources.append(source)
    }

    private func add(_ listener: @escaping Listener, isAlive: @escaping @MainActor () -> Bool) -> BindingToken {
        nextID += 1
        let id = nextID
        entries.append(Entry(id: id, listener: listener, isAlive: isAlive))
        return BindingToken { [weak self] in self?.remove(id) }
    }

    private func remove(_ id: UInt64) {
        entries.removeAll { $0.id == id }
    }

    private func notify() {
        guard !isNotifying else {
            hasPendingNotification = true
            return
        }
        isNotifying = true
        defer { isNotifying = false }
        repeat {
            hasPendingNotification = false
            entries.removeAll { !$0.isAlive() }
            let delivered = value
            // A snapshot: listeners added or removed while telling do not disturb this round.
            for entry in entries where isStillBound(entry.id) {
                entry.listener(delivered)
            }
        } while hasPendingNotification
    }

    private func isStillBound(_ id: UInt64) -> Bool {
        entries.contains { $0.id == id }
    }
}

extension Bindable where Value: Equatable {
    /// With `skipsEqualValues`, setting a value equal to the current one tells no listener.
    public convenience init(_ value: Value, skipsEqualValues: Bool) {
        self.init(value, isDuplicate: skipsEqualValues ? { $0 == $1 } : nil)
    }
}

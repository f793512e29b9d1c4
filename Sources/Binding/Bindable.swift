/// An observable value that connects a view model's outputs to a view.
///
/// Listeners are told, in the order they bound, after a new value is stored. A listener may set
/// the value again while it is being told: the new value is stored at once and delivered to every
/// listener after the current round, so listeners see values in order and nothing recurses.
///
/// Setting a value is the hot path of every screen, so it is `@inlinable`: a client module gets a
/// copy specialized for its `Value`, without the generic metadata look-ups and indirect calls an
/// unspecialized generic pays on every update (see BENCHMARKS.md).
@MainActor
public final class Bindable<Value> {
    public typealias Listener = @MainActor (Value) -> Void

    /// One binding. A class, so that a round of notification sees at once that it ended.
    @usableFromInline
    final class Entry {
        let id: UInt64
        @usableFromInline let listener: Listener
        /// For owner-scoped bindings; the binding ends once the owner is gone.
        weak var owner: AnyObject?
        let isOwned: Bool
        @usableFromInline var isBound = true

        init(id: UInt64, listener: @escaping Listener, owner: AnyObject?) {
            self.id = id
            self.listener = listener
            self.owner = owner
            self.isOwned = owner != nil
        }

        var isAlive: Bool { isBound && (!isOwned || owner != nil) }
    }

    @usableFromInline var storage: Value
    @usableFromInline var entries: [Entry] = []
    /// How many entries are owner-scoped: only then can an entry end without being cancelled.
    @usableFromInline var ownedEntryCount = 0
    private var nextID: UInt64 = 0
    /// Owner-scoped entries are dropped when their owner is gone at the next notification; a value
    /// that rarely changes but gains many short-lived owners (a feed shared by every browser
    /// session) also drops them when it binds this many owned entries, a number that doubles
    /// with the entries still alive, so binding stays cheap on average.
    private var ownedEntryPruningThreshold = 16
    @usableFromInline var isNotifying = false
    @usableFromInline var hasPendingNotification = false
    @usableFromInline let isDuplicate: ((Value, Value) -> Bool)?
    /// Sources a derived value keeps alive (see `map`).
    private var sources: [AnyObject] = []

    public var value: Value {
        @inlinable get { storage }
        @inlinable set {
            if let isDuplicate {
                let oldValue = storage
                storage = newValue
                if isDuplicate(oldValue, newValue) { return }
            } else {
                storage = newValue
            }
            notify()
        }
    }

    public convenience init(_ value: Value) {
        self.init(value, isDuplicate: nil)
    }

    init(_ value: Value, isDuplicate: ((Value, Value) -> Bool)?) {
        self.storage = value
        self.isDuplicate = isDuplicate
    }

    /// Tells `listener` of every later value, until the returned token is cancelled.
    @discardableResult
    public func bind(_ listener: @escaping Listener) -> BindingToken {
        add(listener, owner: nil)
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
        let token = add({ [weak owner] value in if let owner { listener(owner, value) } }, owner: owner)
        if fire { listener(owner, value) }
        return token
    }

    /// The number of bindings still in effect.
    public var listenerCount: Int {
        entries.filter(\.isAlive).count
    }

    func retainSource(_ source: AnyObject) {
        sources.append(source)
    }

    private func add(_ listener: @escaping Listener, owner: AnyObject?) -> BindingToken {
        if ownedEntryCount >= ownedEntryPruningThreshold {
            removeReleasedOwners()
            ownedEntryPruningThreshold = max(16, 2 * ownedEntryCount)
        }
        nextID += 1
        let entry = Entry(id: nextID, listener: listener, owner: owner)
        entries.append(entry)
        if entry.isOwned { ownedEntryCount += 1 }
        // The token names the entry by id: a weak reference would put every retain and release
        // of the entry on the runtime's slow path.
        return BindingToken { [weak self, id = entry.id] in self?.remove(id) }
    }

    private func remove(_ id: UInt64) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
        let entry = entries.remove(at: index)
        entry.isBound = false
        if entry.isOwned { ownedEntryCount -= 1 }
    }

    /// Drops the bindings whose owner is gone.
    @usableFromInline
    func removeReleasedOwners() {
        entries.removeAll { entry in
            guard entry.isOwned, entry.owner == nil else { return false }
            entry.isBound = false
            ownedEntryCount -= 1
            return true
        }
    }

    @inlinable
    func notify() {
        guard !isNotifying else {
            hasPendingNotification = true
            return
        }
        isNotifying = true
        defer { isNotifying = false }
        repeat {
            hasPendingNotification = false
            if ownedEntryCount > 0 { removeReleasedOwners() }
            let delivered = storage
            // A snapshot: listeners added while telling wait for the next round, and a listener
            // cancelled while telling is not told (its entry is marked at once).
            let round = entries
            for entry in round where entry.isBound {
                entry.listener(delivered)
            }
        } while hasPendingNotification
    }
}

extension Bindable where Value: Equatable {
    /// With `skipsEqualValues`, setting a value equal to the current one tells no listener.
    public convenience init(_ value: Value, skipsEqualValues: Bool) {
        self.init(value, isDuplicate: skipsEqualValues ? { $0 == $1 } : nil)
    }
}

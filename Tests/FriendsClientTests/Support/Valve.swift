/// Holds whoever passes through until the test opens it, and counts who arrived and who was
/// cancelled while held, so tests can wait for those events instead of sleeping.
actor Valve {
    private var isOpen = false
    private var held: [Int: CheckedContinuation<Bool, Never>] = [:]
    private var lastID = 0
    private(set) var arrivals = 0
    private(set) var cancellations = 0
    private var watchers: [(condition: @Sendable (Int, Int) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

    init(isOpen: Bool = false) {
        self.isOpen = isOpen
    }

    /// True once the valve is open; false when the caller's task was cancelled while held.
    func pass() async -> Bool {
        arrivals += 1
        notifyWatchers()
        if isOpen { return true }
        lastID += 1
        let id = lastID
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    cancellations += 1
                    continuation.resume(returning: false)
                    notifyWatchers()
                } else {
                    held[id] = continuation
                }
            }
        } onCancel: {
            Task { await self.cancel(id) }
        }
    }

    func open() {
        isOpen = true
        for continuation in held.values { continuation.resume(returning: true) }
        held = [:]
    }

    /// Returns once `count` callers have arrived.
    func waitForArrivals(_ count: Int) async {
        await waitUntil { arrivals, _ in arrivals >= count }
    }

    /// Returns once `count` held callers have been cancelled.
    func waitForCancellations(_ count: Int) async {
        await waitUntil { _, cancellations in cancellations >= count }
    }

    private func waitUntil(_ condition: @escaping @Sendable (Int, Int) -> Bool) async {
        if condition(arrivals, cancellations) { return }
        await withCheckedContinuation { watchers.append((condition, $0)) }
    }

    private func cancel(_ id: Int) {
        guard let continuation = held.removeValue(forKey: id) else { return }
        cancellations += 1
        continuation.resume(returning: false)
        notifyWatchers()
    }

    private func notifyWatchers() {
        let met = watchers.filter { $0.condition(arrivals, cancellations) }
        watchers.removeAll { $0.condition(arrivals, cancellations) }
        for watcher in met { watcher.continuation.resume() }
    }
}

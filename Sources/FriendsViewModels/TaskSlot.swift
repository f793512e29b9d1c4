/// Holds one running piece of a view model's work.
///
/// Starting new work cancels the old; when the view model is released, the slot goes with it and
/// cancels what still runs. (A view model's own deinit is nonisolated and cannot reach its
/// main-actor state; the slot's deinit can reach its own.)
final class TaskSlot {
    private(set) var task: Task<Void, Never>?

    func replace(with task: Task<Void, Never>) {
        self.task?.cancel()
        self.task = task
    }

    func cancel() {
        task?.cancel()
    }

    deinit {
        task?.cancel()
    }
}

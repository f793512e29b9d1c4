/// Holds one running piece of a view model's asynchronous work.
///
/// This is how every view model of the three apps (Friends, Scoreboard, Photos) owns its
/// asynchronous work:
/// - an input starts the work and returns at once; the work runs in a `Task` kept in a slot of
///   the view model, one slot per kind of work (loading, saving, a clock's ticks, ...);
/// - the task holds the view model weakly and, once it resumes, checks `Task.isCancelled` before
///   it touches any output, so work that was replaced or abandoned never shows;
/// - starting new work in a slot cancels the old (a newer search wins over an older one);
/// - when the view model is released its slots go with it and cancel what still runs. (A view
///   model's own deinit is nonisolated and cannot reach its main-actor state; the slot's can.)
///
/// Views never await this work; they draw the outputs it sets. Tests await `task` to know the
/// work has finished.
public final class TaskSlot {
    /// The work running or last run in this slot.
    public private(set) var task: Task<Void, Never>?

    public init() {}

    /// Cancels the work in the slot, if any, and keeps `task` instead.
    public func replace(with task: Task<Void, Never>) {
        self.task?.cancel()
        self.task = task
    }

    /// Cancels the work in the slot, if any.
    public func cancel() {
        task?.cancel()
    }

    deinit {
        task?.cancel()
    }
}

/// Ends one binding. Dropping the token does not end it (as in the seeds, where `bind` results are
/// ignored); bind with an owner to tie a binding to a lifetime.
@MainActor
public final class BindingToken {
    private var end: (@MainActor () -> Void)?

    init(end: @escaping @MainActor () -> Void) {
        self.end = end
    }

    public var isActive: Bool { end != nil }

    public func cancel() {
        end?()
        end = nil
    }
}

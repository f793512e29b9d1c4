import Binding

extension Bindable {
    /// Returns once the value satisfies `condition` (at once if it already does). The wait ends
    /// on the change itself, not on a timer, so tests stay deterministic.
    public func waitUntil(_ condition: @escaping @MainActor (Value) -> Bool) async {
        guard !condition(value) else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            var continuation: CheckedContinuation<Void, Never>? = continuation
            var token: BindingToken?
            token = bind { value in
                guard condition(value), let waiting = continuation else { return }
                continuation = nil
                token?.cancel()
                waiting.resume()
            }
        }
    }
}

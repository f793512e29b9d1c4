import Binding

/// Keeps every value a `Bindable` takes, starting with the current one, so tests can
/// assert the whole history (a flicker or a missing update fails the test).
@MainActor
final class Recorder<Value> {
    private(set) var values: [Value] = []
    private var token: BindingToken?

    init(_ bindable: Bindable<Value>) {
        token = bindable.bindAndFire { [weak self] value in self?.values.append(value) }
    }
}

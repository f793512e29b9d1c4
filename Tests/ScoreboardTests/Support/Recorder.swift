import Binding

/// Records every value a `Bindable` takes, starting with the one it has now.
@MainActor
final class Recorder<Value> {
    private(set) var values: [Value] = []
    /// Kept so that a derived value (from `map`) lives as long as its recorder.
    private let source: Bindable<Value>

    init(_ bindable: Bindable<Value>) {
        source = bindable
        bindable.bind(self, fire: true) { recorder, value in recorder.values.append(value) }
    }
}

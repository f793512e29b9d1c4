import Binding

/// Records every value a `Bindable` takes, starting with the one it has now, so tests can
/// assert the whole history (a flicker or a missing update fails the test).
@MainActor
public final class Recorder<Value> {
    public private(set) var values: [Value] = []
    /// Kept so that a derived value (from `map`) lives as long as its recorder.
    private let source: Bindable<Value>

    public init(_ bindable: Bindable<Value>) {
        source = bindable
        bindable.bind(self, fire: true) { recorder, value in recorder.values.append(value) }
    }
}

/// Records every time an event closure was called, with what it carried.
@MainActor
public final class EventRecorder<Value> {
    public private(set) var values: [Value] = []

    public init() {}

    public func record(_ value: Value) {
        values.append(value)
    }
}

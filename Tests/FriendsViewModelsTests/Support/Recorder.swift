import Binding

/// Records every value a `Bindable` took, starting with the one it had when recording began.
@MainActor
final class Recorder<Value> {
    private(set) var values: [Value] = []

    init(_ bindable: Bindable<Value>) {
        bindable.bind(self, fire: true) { recorder, value in recorder.values.append(value) }
    }
}

/// Records every time an event closure was called, with what it carried.
@MainActor
final class EventRecorder<Value> {
    private(set) var values: [Value] = []

    func record(_ value: Value) {
        values.append(value)
    }
}

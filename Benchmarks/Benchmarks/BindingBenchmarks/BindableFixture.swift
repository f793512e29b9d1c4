import Binding

/// Our `Bindable`: listeners are closures told synchronously after the value is stored.
@MainActor
final class BindableFixture: ListenerFixture {
    private let bindable = Bindable(0)
    private let sinks: [ListenerSink]
    private var tokens: [BindingToken] = []

    init(listeners: Int) {
        sinks = (0..<listeners).map { _ in ListenerSink() }
        tokens = sinks.map { sink in bindable.bind { sink.last = $0 } }
    }

    func update(_ values: Range<Int>) -> Int {
        for value in values { bindable.value = value }
        return sinks.last?.last ?? 0
    }
}

import OpenCombine

/// OpenCombine's `CurrentValueSubject` with one `sink` per listener: the Combine way of doing
/// what `Bindable` does.
@MainActor
final class CombineFixture: ListenerFixture {
    private let subject = CurrentValueSubject<Int, Never>(0)
    private let sinks: [ListenerSink]
    private var subscriptions: [AnyCancellable] = []

    init(listeners: Int) {
        sinks = (0..<listeners).map { _ in ListenerSink() }
        subscriptions = sinks.map { sink in subject.sink { sink.last = $0 } }
    }

    func update(_ values: Range<Int>) -> Int {
        for value in values { subject.send(value) }
        return sinks.last?.last ?? 0
    }
}

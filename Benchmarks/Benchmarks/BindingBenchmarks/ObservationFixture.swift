import Observation

@MainActor
@Observable
final class ObservedNumber {
    var value = 0
}

/// The Observation framework doing the same job: each listener reads the value inside
/// `withObservationTracking`. Tracking fires once, before the change is stored, so a listener
/// that wants every value re-arms itself and reads the new value right after each change
/// (synchronously, to match the others; SwiftUI would defer that to the next frame).
@MainActor
final class ObservationFixture: ListenerFixture {
    private let model = ObservedNumber()
    private let sinks: [ListenerSink]
    private var changed: [Int] = []

    init(listeners: Int) {
        sinks = (0..<listeners).map { _ in ListenerSink() }
        for index in sinks.indices { track(index) }
    }

    func update(_ values: Range<Int>) -> Int {
        for value in values {
            model.value = value
            let pending = changed
            changed.removeAll(keepingCapacity: true)
            for index in pending { track(index) }
        }
        return sinks.last?.last ?? 0
    }

    private func track(_ index: Int) {
        let sink = sinks[index]
        withObservationTracking {
            sink.last = model.value
        } onChange: { [weak self] in
            // Called synchronously by the setter, which runs on the main actor here.
            MainActor.assumeIsolated { self?.changed.append(index) }
        }
    }
}

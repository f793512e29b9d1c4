import Benchmark
import BenchmarkSupport

/// Telling 1 and 100 listeners about each new value: `Bindable` against OpenCombine's
/// `CurrentValueSubject` and the Observation framework doing the same work. Results are per value.
///
/// The work runs on the main actor; the runner calls from another thread, so each measured
/// iteration sets many values to make the one hop to the main thread negligible: a million
/// for the cheap single-listener cases, a thousand for the rest.
let benchmarks: @Sendable () -> Void = {
    let metrics: [BenchmarkMetric] = [.wallClock, .cpuTotal, .mallocCountTotal, .throughput]
    let millions = Benchmark.Configuration(
        metrics: metrics, warmupIterations: 1, scalingFactor: .mega, maxDuration: .seconds(3), maxIterations: 100
    )
    let thousands = Benchmark.Configuration(
        metrics: metrics, warmupIterations: 3, scalingFactor: .kilo, maxDuration: .seconds(3), maxIterations: 2_000
    )

    register("Bindable update, 1 listener", millions) { BindingFixtures.bindable1 }
    register("OpenCombine CurrentValueSubject send, 1 listener", millions) { BindingFixtures.combine1 }
    register("Observation tracking update, 1 listener", thousands) { BindingFixtures.observation1 }
    register("Bindable update, 100 listeners", thousands) { BindingFixtures.bindable100 }
    register("OpenCombine CurrentValueSubject send, 100 listeners", thousands) { BindingFixtures.combine100 }
    register("Observation tracking update, 100 listeners", thousands) { BindingFixtures.observation100 }
}

private func register(
    _ name: String,
    _ configuration: Benchmark.Configuration,
    fixture: @escaping @MainActor () -> any ListenerFixture
) {
    Benchmark(name, configuration: configuration) { benchmark in
        let values = benchmark.scaledIterations
        blackHole(onMainActor { fixture().update(values) })
    }
}

/// One fixture per kind and listener count, made on first use (during warm-up).
@MainActor
enum BindingFixtures {
    static let bindable1 = BindableFixture(listeners: 1)
    static let combine1 = CombineFixture(listeners: 1)
    static let observation1 = ObservationFixture(listeners: 1)
    static let bindable100 = BindableFixture(listeners: 100)
    static let combine100 = CombineFixture(listeners: 100)
    static let observation100 = ObservationFixture(listeners: 100)
}

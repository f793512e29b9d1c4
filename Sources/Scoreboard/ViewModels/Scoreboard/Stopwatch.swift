/// Measures the time since it was made, as the difference of two readings of a clock, so the
/// result is right however late or seldom anyone asks.
struct Stopwatch {
    let elapsed: @Sendable () -> Duration

    init(clock: any Clock<Duration>) {
        elapsed = Self.start(clock)
    }

    private static func start<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }
}

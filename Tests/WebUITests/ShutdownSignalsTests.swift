import UnixSignals
import Testing
import WebUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The signals a command hears across the servers it runs one after the other. SIGUSR2 stands in
/// for Ctrl-C: a real SIGINT would reach every server the other suites run in this process. One
/// test at a time: every watch in the process hears a signal.
@Suite(.serialized, .timeLimit(.minutes(3))) struct ShutdownSignalsTests {
    @Test func aSignalThatArrivedBeforeTheWaitEndsTheWaitAtOnce() async {
        let signals = await ShutdownSignals(trapping: [.sigusr2])
        #expect(!signals.hasArrived)
        kill(getpid(), SIGUSR2)
        // Both waits begin after the signal: the one server stopping took it, the next still stops.
        await signals.received()
        await signals.received()
        #expect(signals.hasArrived)
    }

    @Test func aWaitingServerIsStoppedByTheSignal() async {
        let signals = await ShutdownSignals(trapping: [.sigusr2])
        let waiting = Task { await signals.received() }
        kill(getpid(), SIGUSR2)
        await waiting.value
        #expect(signals.hasArrived)
    }

    @Test func cancellingTheWaitEndsItWithoutASignal() async {
        let signals = await ShutdownSignals(trapping: [.sigusr2])
        let waiting = Task { await signals.received() }
        waiting.cancel()
        await waiting.value
        #expect(!signals.hasArrived)
    }
}

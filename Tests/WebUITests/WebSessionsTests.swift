import Testing
@testable import WebUI

@MainActor
@Suite struct WebSessionsTests {
    /// A clock the test moves by hand.
    final class TestClock {
        var now = ContinuousClock.now
    }

    /// Sees whether an app is still alive without keeping it.
    final class Witness {
        weak var app: CounterApp?
    }

    @Test func anIdleSessionEndsAndItsAppIsReleased() async {
        let clock = TestClock()
        let witness = Witness()
        let sessions = WebSessions(capacity: 10, idleLimit: .seconds(60), now: { clock.now }) {
            let app = CounterApp()
            witness.app = app
            return app
        }
        let id = sessions.start().id
        #expect(witness.app != nil)
        clock.now += .seconds(59)
        #expect(sessions.session(id: id) != nil)
        clock.now += .seconds(61)
        sessions.endIdleSessions()
        #expect(sessions.count == 0)
        #expect(sessions.session(id: id) == nil)
        #expect(witness.app == nil)
    }

    @Test func anIdleSessionIsRefusedWhenAskedForBeforeAnySweep() async {
        let clock = TestClock()
        let sessions = WebSessions(capacity: 10, idleLimit: .seconds(60), now: { clock.now }) { CounterApp() }
        let idle = sessions.start().id
        clock.now += .seconds(30)
        let fresh = sessions.start().id
        clock.now += .seconds(31)
        #expect(sessions.session(id: idle) == nil)
        #expect(sessions.session(id: fresh) != nil)
        #expect(sessions.count == 1)
    }

    @Test func aSessionWithAnOpenTabIsNotIdle() async {
        let clock = TestClock()
        let sessions = WebSessions(capacity: 10, idleLimit: .seconds(60), now: { clock.now }) { CounterApp() }
        let session = sessions.start()
        let (tab, _) = session.pusher.subscribe(showing: "/")
        clock.now += .seconds(120)
        sessions.endIdleSessions()
        #expect(sessions.count == 1)
        session.pusher.unsubscribe(tab)
        sessions.endIdleSessions()
        #expect(sessions.count == 0)
    }

    @Test func pastCapacityTheSessionInUseUnusedLongestEnds() async {
        let clock = TestClock()
        let sessions = WebSessions(capacity: 2, idleLimit: .seconds(600), now: { clock.now }) { CounterApp() }
        let first = sessions.start().id
        let second = sessions.start().id
        _ = sessions.session(id: first)
        clock.now += .seconds(1)
        _ = sessions.session(id: second)
        clock.now += .seconds(1)
        _ = sessions.session(id: first)
        clock.now += .seconds(1)
        let third = sessions.start().id
        _ = sessions.session(id: third)
        #expect(sessions.count == 2)
        #expect(sessions.session(id: second) == nil)
        #expect(sessions.session(id: first) != nil)
        #expect(sessions.session(id: third) != nil)
    }

    /// 1,500 requests without a cookie (a flood, or a page of another site loading ours) keep at
    /// most `newSessionCapacity` sessions, and end none that a browser is using.
    @Test func aFloodOfNewSessionsPushesOutNoSessionInUse() async {
        let clock = TestClock()
        let sessions = WebSessions(capacity: 10, newSessionCapacity: 8, idleLimit: .seconds(600), now: { clock.now }) { CounterApp() }
        let inUse = (0..<10).map { _ in
            let id = sessions.start().id
            _ = sessions.session(id: id)
            return id
        }
        for _ in 0..<1_500 {
            clock.now += .milliseconds(10)
            _ = sessions.start()
        }
        #expect(sessions.count == 10 + 8)
        for id in inUse { #expect(sessions.session(id: id) != nil) }
    }

    @Test func aNewSessionWhoseBrowserComesBackIsKept() async {
        let clock = TestClock()
        let sessions = WebSessions(capacity: 10, newSessionCapacity: 2, idleLimit: .seconds(600), now: { clock.now }) { CounterApp() }
        let returning = sessions.start().id
        _ = sessions.start()
        #expect(sessions.session(id: returning) != nil)
        for _ in 0..<10 { _ = sessions.start() }
        #expect(sessions.session(id: returning) != nil)
    }

    static func tabName(_ number: Int) -> String { "tab-\(number)-0123456789abcdef" }

    @Test func eachTabHasItsOwnAppAndATabWithoutANameSharesTheSessions() {
        let sessions = WebSessions { CounterApp() }
        let session = sessions.start()
        let (first, firstIsNew) = sessions.tab(Self.tabName(1), of: session)
        let (again, againIsNew) = sessions.tab(Self.tabName(1), of: session)
        let (second, _) = sessions.tab(Self.tabName(2), of: session)
        #expect(firstIsNew && !againIsNew)
        #expect(first === again)
        #expect(first.app !== second.app && first.app !== session.app)
        for name in [nil, "short", String(repeating: "a", count: 65), "tab-1-0123456789abcde\u{e9}", "tab/1/0123456789abcdef"] {
            let (tab, isNew) = sessions.tab(name, of: session)
            #expect(tab === session.shared && !isNew)
        }
    }

    /// The first stream of a page loaded whole is handed the shared app that drew that page, and
    /// the session's shared app is made anew, so it keeps nothing of that page for the next one.
    @Test func aPageLoadedWholeIsHandedTheSharedAppThatDrewIt() async {
        let sessions = WebSessions { CounterApp() }
        let session = sessions.start()
        let untouched = session.shared
        #expect(sessions.takeSharedDrawing(of: "/", in: session) == nil, "the shared app has drawn nothing yet")
        #expect(session.shared === untouched)

        #expect(await session.shared.open(path: "/other"))
        let drawn = session.app
        #expect(sessions.takeSharedDrawing(of: "/other", in: session)?.app === drawn)
        #expect(session.app !== drawn && drawn.onChange == nil)

        #expect(await session.shared.open(path: "/other"))
        let elsewhere = session.app
        #expect(sessions.takeSharedDrawing(of: "/", in: session) == nil, "it drew another page")
        #expect(session.app !== elsewhere, "a drawing not handed over is not kept either")
    }

    /// Past its capacity a session ends a closed tab before an open one, the one used longest ago first.
    @Test func pastItsCapacityASessionEndsTheClosedTabUsedLongestAgo() {
        let clock = TestClock()
        let sessions = WebSessions(tabCapacity: 3, now: { clock.now }) { CounterApp() }
        let session = sessions.start()
        let (oldestOpen, _) = sessions.tab(Self.tabName(1), of: session)
        let (stream, _) = oldestOpen.pusher.subscribe(showing: "/")
        for number in 2...3 {
            clock.now += .seconds(1)
            _ = sessions.tab(Self.tabName(number), of: session)
        }
        clock.now += .seconds(1)
        _ = sessions.tab(Self.tabName(2), of: session)
        clock.now += .seconds(1)
        _ = sessions.tab(Self.tabName(4), of: session)
        #expect(session.app(ofTab: Self.tabName(3)) == nil)
        #expect([1, 2, 4].allSatisfy { session.app(ofTab: Self.tabName($0)) != nil })
        oldestOpen.pusher.unsubscribe(stream)
    }

    @Test func aTabUnusedPastTheIdleLimitEndsWithoutItsSession() {
        let clock = TestClock()
        let sessions = WebSessions(idleLimit: .seconds(60), now: { clock.now }) { CounterApp() }
        let session = sessions.start()
        _ = sessions.session(id: session.id)
        _ = sessions.tab(Self.tabName(1), of: session)
        _ = sessions.tab(Self.tabName(2), of: session)
        clock.now += .seconds(50)
        _ = sessions.tab(Self.tabName(2), of: session)
        _ = sessions.session(id: session.id)
        clock.now += .seconds(20)
        sessions.endIdleSessions()
        #expect(sessions.count == 1)
        #expect(session.app(ofTab: Self.tabName(1)) == nil)
        #expect(session.app(ofTab: Self.tabName(2)) != nil)
    }

    @Test func sessionsHaveUnguessableDistinctIdsAndTokens() {
        let sessions = WebSessions { CounterApp() }
        let all = (0..<50).map { _ in sessions.start() }
        let secrets = Set(all.flatMap { [$0.id, $0.csrfToken] })
        #expect(secrets.count == 100)
        #expect(all.allSatisfy { $0.id.count == 43 && $0.csrfToken.count == 43 })
    }
}

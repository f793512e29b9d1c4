import Testing
@testable import WebUI

@MainActor
@Suite struct FragmentPusherTests {
    @Test func aTabGetsEveryRegionThenOnlyWhatChanged() async {
        let app = CounterApp()
        let session = WebTab(app: app, csrfToken: "token", now: .now)
        let (_, updates) = session.pusher.subscribe(showing: "/")
        app.count = 1
        app.count = 2
        let received = await Self.take(2, from: updates, thenEnd: session)
        #expect(received == [
            .fragments([Fragment(id: "count", html: #"<p id="count">0</p>"#), Fragment(id: "path", html: #"<p id="path">/</p>"#)]),
            // Two changes in one burst are one push.
            .fragments([Fragment(id: "count", html: #"<p id="count">2</p>"#)]),
        ])
    }

    /// Changes that arrive one at a time, as the live feed brings them, are not a render each:
    /// a push comes no sooner than `minimumPushInterval` after the last, with every change made
    /// while it waited.
    @Test func changesSoonAfterAPushWaitAndArePushedTogether() async {
        let scene = PacedScene()
        let pusher = FragmentPusher(
            render: { ("/", [Fragment(id: "count", html: "\(scene.count)")]) },
            now: { scene.time },
            wait: { duration in
                scene.waits.append(duration)
                await withCheckedContinuation { scene.waiting = $0 }
            })
        let (_, updates) = pusher.subscribe(showing: "/")
        scene.time = scene.start + .milliseconds(30)
        for next in 1...50 {
            scene.count = next
            pusher.setNeedsPush()
            await Task.yield()
        }
        for _ in 0..<1_000 where scene.waiting == nil { await Task.yield() }
        #expect(scene.waits == [.milliseconds(70)])
        guard let waiting = scene.waiting else {
            pusher.finishAll()
            Issue.record("the push did not wait")
            return
        }
        waiting.resume()
        var received: [FragmentPusher.Update] = []
        for await update in updates {
            received.append(update)
            if received.count == 2 { break }
        }
        pusher.finishAll()
        #expect(received == [.fragments([Fragment(id: "count", html: "0")]), .fragments([Fragment(id: "count", html: "50")])])

        // Long enough after the last push, the next goes at once.
        scene.time = scene.start + .seconds(1)
        let (_, later) = pusher.subscribe(showing: "/")
        scene.time += .seconds(1)
        scene.count = 51
        pusher.setNeedsPush()
        var laterReceived: [FragmentPusher.Update] = []
        for await update in later {
            laterReceived.append(update)
            if laterReceived.count == 2 { break }
        }
        pusher.finishAll()
        #expect(laterReceived.last == .fragments([Fragment(id: "count", html: "51")]))
        #expect(scene.waits.count == 1)
    }

    /// The screen and the clock of `changesSoonAfterAPushWaitAndArePushedTogether`: time passes
    /// when the test says, and a wait lasts until the test resumes it.
    @MainActor private final class PacedScene {
        let start = ContinuousClock.now
        lazy var time = start
        var count = 0
        var waits: [Duration] = []
        var waiting: CheckedContinuation<Void, Never>?
    }

    @Test func aTabShowingAnotherScreenIsToldToGoThere() async {
        let app = CounterApp()
        let session = WebTab(app: app, csrfToken: "token", now: .now)
        let (_, updates) = session.pusher.subscribe(showing: "/other")
        app.count = 1
        let received = await Self.take(2, from: updates, thenEnd: session)
        #expect(received == [
            .navigate("/"),
            .fragments([Fragment(id: "count", html: #"<p id="count">1</p>"#)]),
        ])
    }

    /// A search typed in the tab changes the query alone: the tab keeps it in its address itself,
    /// and is sent what changed, not told to load its screen again.
    @Test func aTabWhoseAddressDiffersInItsQueryAloneIsSentTheRegions() async {
        let app = CounterApp()
        let session = WebTab(app: app, csrfToken: "token", now: .now)
        let (_, updates) = session.pusher.subscribe(showing: "/?q=a")
        app.currentPath = "/?q=ab"
        app.count = 1
        let received = await Self.take(2, from: updates, thenEnd: session)
        #expect(received == [
            .fragments([Fragment(id: "count", html: #"<p id="count">0</p>"#), Fragment(id: "path", html: #"<p id="path">/</p>"#)]),
            .fragments([Fragment(id: "count", html: #"<p id="count">1</p>"#), Fragment(id: "path", html: #"<p id="path">/?q=ab</p>"#)]),
        ])
    }

    /// A reload is drawn by the session's shared app; the tab's own app, which the page's script
    /// goes on with, may have other regions (a form's entry removed): the tab loads its page again.
    @Test func aTabWhosePageWasDrawnWithOtherRegionsIsToldToRedraw() async {
        var regions = [Fragment(id: "name", html: "Ada"), Fragment(id: "entry-1", html: "100")]
        let pusher = FragmentPusher { ("/edit", regions) }
        let (_, redrawn) = pusher.subscribe(showing: "/edit", drawnRegions: ["name", "entry-1", "entry-2"])
        let (_, reordered) = pusher.subscribe(showing: "/edit", drawnRegions: ["entry-1", "name"])
        let (_, same) = pusher.subscribe(showing: "/edit", drawnRegions: ["name", "entry-1"])
        regions[0] = Fragment(id: "name", html: "Ada ")
        pusher.pushNow()
        pusher.finishAll()
        let everyRegion = FragmentPusher.Update.fragments([Fragment(id: "name", html: "Ada"), Fragment(id: "entry-1", html: "100")])
        let change = FragmentPusher.Update.fragments([Fragment(id: "name", html: "Ada ")])
        #expect(await Self.all(redrawn) == [.redraw, everyRegion, change])
        #expect(await Self.all(reordered) == [.redraw, everyRegion, change])
        #expect(await Self.all(same) == [everyRegion, change])
    }

    static func all(_ updates: AsyncStream<FragmentPusher.Update>) async -> [FragmentPusher.Update] {
        var received: [FragmentPusher.Update] = []
        for await update in updates { received.append(update) }
        return received
    }

    /// The first `count` updates the tab gets, waiting for each; then the session ends, and the
    /// stream must end with it, having sent nothing more.
    static func take(_ count: Int, from updates: AsyncStream<FragmentPusher.Update>, thenEnd session: WebTab) async -> [FragmentPusher.Update] {
        var iterator = updates.makeAsyncIterator()
        var received: [FragmentPusher.Update] = []
        while received.count < count, let update = await iterator.next() { received.append(update) }
        session.end()
        while let update = await iterator.next() { received.append(update) }
        return received
    }

    @Test func nothingIsRenderedWithoutATab() {
        var renders = 0
        let pusher = FragmentPusher {
            renders += 1
            return ("/", [])
        }
        pusher.setNeedsPush()
        pusher.pushNow()
        #expect(renders == 0)
    }

    @Test func aTabThatFellBehindIsBroughtBackToTheWholeScreen() async {
        var regions = ["a": "a0", "b": "b0"]
        let pusher = FragmentPusher { ("/", regions.sorted { $0.key < $1.key }.map { Fragment(id: $0.key, html: $0.value) }) }
        let (_, updates) = pusher.subscribe(showing: "/")
        regions["b"] = "b1"
        pusher.pushNow()
        // The tab reads nothing while far more pushes than its buffer holds go out.
        for value in 1...100 {
            regions["a"] = "a\(value)"
            pusher.pushNow()
        }
        pusher.finishAll()

        // What the tab shows after reading everything it was sent; `navigate` loads the screen anew.
        var shown: [String: String] = [:]
        for await update in updates {
            switch update {
            case .fragments(let fragments): for fragment in fragments { shown[fragment.id] = fragment.html }
            case .navigate, .redraw: shown = regions
            case .keepAlive: break
            }
        }
        #expect(shown == regions)
    }
}

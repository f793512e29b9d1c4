import Testing
@testable import WebUI

@MainActor
@Suite struct FragmentPusherTests {
    @Test func aTabGetsEveryRegionThenOnlyWhatChanged() async {
        let app = CounterApp()
        let session = WebSession(app: app, now: .now)
        let (_, updates) = session.pusher.subscribe(showing: "/")
        app.count = 1
        app.count = 2
        await Task.yield()
        session.end()
        var received: [FragmentPusher.Update] = []
        for await update in updates { received.append(update) }
        #expect(received == [
            .fragments([Fragment(id: "count", html: #"<p id="count">0</p>"#), Fragment(id: "path", html: #"<p id="path">/</p>"#)]),
            // Two changes in one burst are one push.
            .fragments([Fragment(id: "count", html: #"<p id="count">2</p>"#)]),
        ])
    }

    @Test func aTabShowingAnotherScreenIsToldToGoThere() async {
        let app = CounterApp()
        let session = WebSession(app: app, now: .now)
        let (_, updates) = session.pusher.subscribe(showing: "/other")
        app.count = 1
        await Task.yield()
        session.end()
        var received: [FragmentPusher.Update] = []
        for await update in updates { received.append(update) }
        #expect(received == [
            .navigate("/"),
            .fragments([Fragment(id: "count", html: #"<p id="count">1</p>"#)]),
        ])
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
}

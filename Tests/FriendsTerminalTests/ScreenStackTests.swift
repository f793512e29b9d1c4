import FriendsViewModels
import TerminalUI
import TestSupport
import Testing
@testable import FriendsTerminal

@MainActor
@Suite("Screens and alerts on top of each other")
struct ScreenStackTests {
    /// A screen that shows its name and records what happened to it.
    final class NamedScreen: Screen {
        let name: String
        var appearances = 0
        var keys: [Key] = []

        init(_ name: String) {
            self.name = name
        }

        func screenDidAppear() { appearances += 1 }

        func handle(_ key: Key) -> KeyResult {
            keys.append(key)
            return key == .character("x") ? .handled : .ignored
        }

        func render(size: TerminalSize) -> Canvas {
            var canvas = Canvas(size: size)
            canvas.draw(name, row: 0, column: 0)
            return canvas
        }
    }

    @Test("an alert shows over the screen and takes every key until OK")
    func alert() {
        let stack = ScreenStack()
        let list = NamedScreen("list")
        stack.push(list)
        stack.present(Alert(title: "Friend not found.", message: "Could not delete Ada Lovelace."))
        expectScreen(stack.render(size: TerminalSize(rows: 9, columns: 40)), [
            "list",
            "   ┌────────────────────────────────┐",
            "   │ Friend not found.              │",
            "   │                                │",
            "   │ Could not delete Ada Lovelace. │",
            "   │                                │",
            "   │             [ OK ]             │",
            "   └────────────────────────────────┘",
            " ⏎ OK",
        ])
        #expect(stack.handle(.character("x")) == .handled)
        #expect(list.keys.isEmpty)
        #expect(stack.handle(.enter) == .handled)
        #expect(stack.alerts.isEmpty)
        #expect(stack.render(size: TerminalSize(rows: 2, columns: 10)).lines == ["list", ""])
    }

    @Test("alerts wait their turn")
    func twoAlerts() {
        let stack = ScreenStack()
        stack.push(NamedScreen("list"))
        stack.present(Alert(title: "First", message: "one"))
        stack.present(Alert(title: "Second", message: "two"))
        _ = stack.handle(.escape)
        #expect(stack.alerts.map(\.title) == ["Second"])
        _ = stack.handle(.character(" "))
        #expect(stack.alerts.isEmpty)
    }

    @Test("Escape or ← the screen has no use for goes back; the one below appears again")
    func back() {
        let stack = ScreenStack()
        let list = NamedScreen("list")
        let detail = NamedScreen("detail")
        stack.push(list)
        stack.push(detail)
        #expect(list.appearances == 1 && detail.appearances == 1)
        #expect(stack.handle(.character("x")) == .handled)
        #expect(stack.handle(.escape) == .handled)
        #expect(stack.top === list)
        #expect(list.appearances == 2)
        #expect(stack.handle(.escape) == .ignored)
        #expect(stack.top === list)
    }

    @Test("popping a screen also removes the ones above it; the first screen stays")
    func popBelow() {
        let stack = ScreenStack()
        let list = NamedScreen("list"), detail = NamedScreen("detail"), form = NamedScreen("form")
        stack.push(list)
        stack.push(detail)
        stack.push(form)
        stack.pop(detail)
        #expect(stack.screens.count == 1)
        stack.pop(list)
        #expect(stack.top === list)
    }
}

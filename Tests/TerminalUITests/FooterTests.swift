import Testing
@testable import TerminalUI

/// What a footer keeps when its keys do not all fit.
struct FooterTests {
    static let keys = KeyMap(title: "Form", ("Tab", "Move"), ("⏎", "Submit"), ("^N", "Add"), ("Esc", "Cancel"))

    @Test func aScreensFooterKeepsTheWayOutAndPointsToHelp() {
        #expect(Footer(Self.keys).items(fittingIn: 30).map(\.key) == ["Tab", "Esc", "?"])
        #expect(Footer(Self.keys).items(fittingIn: 80).map(\.key) == ["Tab", "⏎", "^N", "Esc"])
    }

    /// `?` is text in a field: the footer does not offer a help it cannot open.
    @Test func whileTypingTheFooterKeepsTheWayOutWithoutPointingToHelp() {
        #expect(Footer(typingWith: Self.keys).items(fittingIn: 30).map(\.key) == ["Tab", "⏎", "Esc"])
        #expect(Footer(typingWith: Self.keys).items(fittingIn: 10).map(\.key) == ["Esc"])
    }

    /// Keys only the help lists stay out of the footer, which points to the help wherever it can.
    @Test func helpOnlyKeysAreLeftToTheHelp() {
        let keys = KeyMap(title: "List", entries: [
            KeyMap.Entry(key: "↑↓", label: "Move"), KeyMap.Entry(key: "PgUp/PgDn", label: "Page", isHelpOnly: true),
            KeyMap.Entry(key: "q", label: "Quit"),
        ])
        #expect(Footer(keys).items(fittingIn: 80).map(\.key) == ["↑↓", "q", "?"])
        #expect(Footer(keys).items(fittingIn: 16).map(\.key) == ["↑↓", "q"])
        #expect(HelpOverlay(keyMap: keys).entries.map { $0.label }.prefix(3) == ["Move", "Page", "Quit"])
    }
}

import Testing
import TerminalUI

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
}

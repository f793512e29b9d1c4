import Testing
@testable import TerminalUI

/// Text arrives as text: grapheme clusters whole, pastes as one event, mouse reports as clicks.
@Suite("KeyDecoder: text, paste and mouse")
struct TextDecodingTests {
    private func decode(_ reads: String...) -> [Key] {
        var decoder = KeyDecoder()
        return reads.flatMap { decoder.feed(Array($0.utf8)) }
    }

    @Test("the scalars of one grapheme cluster read together are one character", arguments: [
        "e\u{301}", "👍🏽", "👨‍👩‍👧‍👦", "🇳🇱", "❤️", "n\u{303}", "\u{1100}\u{1161}\u{11A8}",
    ])
    func clustersAreOneKey(cluster: String) {
        #expect(decode(cluster) == [.character(Character(cluster))])
    }

    @Test func neighbouringCharactersStaySeparateKeys() {
        #expect(decode("jj") == [.character("j"), .character("j")])
        #expect(decode("李小") == [.character("李"), .character("小")])
        #expect(decode("e\u{301}x👍🏽") == [.character("e\u{301}"), .character("x"), .character("👍🏽")])
    }

    @Test("a cluster split across reads arrives as its parts (the editor joins them)")
    func clusterSplitAcrossReads() {
        #expect(decode("e", "\u{301}") == [.character("e"), .character("\u{301}")])
    }

    @Test("a bracketed paste is one event, newlines and all, even split across reads")
    func bracketedPaste() {
        #expect(decode("\u{1B}[200~Ada\nLovelace\u{1B}[201~") == [.paste("Ada\nLovelace")])
        #expect(decode("\u{1B}[200~Ad", "a\r", "x\u{1B}[20", "1~q") == [.paste("Ada\rx"), .character("q")])
        #expect(decode("\u{1B}[200~e\u{301}👍🏽\u{1B}[201~") == [.paste("e\u{301}👍🏽")])
    }

    @Test func anUnfinishedPasteIsDeliveredWhenTheInputEnds() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~half".utf8)) == [])
        #expect(decoder.hasPendingBytes)
        #expect(decoder.flush() == [.paste("half")])
    }

    /// A paste whose end never comes holds the keys after it as its text; Ctrl-C pressed then
    /// ends it as it is and is Ctrl-C (a program that quits on it quits). A Ctrl-C inside the
    /// paste's own text stays text.
    @Test func ctrlCPressedDuringAPasteThatNeverEndsEndsIt() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~".utf8)) == [])
        #expect(decoder.feed(Array("z\t".utf8)) == [])
        #expect(decoder.feed([0x03]) == [.paste("z\t"), .ctrl("c")])
        #expect(!decoder.hasPendingBytes)
        #expect(decoder.feed(Array("q".utf8)) == [.character("q")])
        #expect(decode("\u{1B}[200~a\u{03}b\u{1B}[201~") == [.paste("a\u{03}b")])
    }

    @Test func altBackspace() {
        #expect(decode("\u{1B}\u{7F}") == [.altBackspace])
        #expect(decode("\u{1B}\u{08}") == [.altBackspace])
    }

    @Test("SGR 1006 mouse reports: a left press and the wheel, at zero-based cells")
    func mouse() {
        #expect(decode("\u{1B}[<0;5;3M") == [.mouse(MouseEvent(action: .press, row: 2, column: 4))])
        #expect(decode("\u{1B}[<64;1;1M\u{1B}[<65;80;24M") == [
            .mouse(MouseEvent(action: .wheelUp, row: 0, column: 0)),
            .mouse(MouseEvent(action: .wheelDown, row: 23, column: 79)),
        ])
        // Ctrl-click is still a click.
        #expect(decode("\u{1B}[<16;2;2M") == [.mouse(MouseEvent(action: .press, row: 1, column: 1))])
    }

    @Test("releases, drags, other buttons and broken reports are dropped, not typed")
    func otherMouseReports() {
        #expect(decode("\u{1B}[<0;5;3m", "\u{1B}[<32;5;3M", "\u{1B}[<2;5;3M", "\u{1B}[<0;0;3M", "\u{1B}[<0;5M") == [])
        #expect(decode("\u{1B}[<0;5", ";3Mx") == [.mouse(MouseEvent(action: .press, row: 2, column: 4)), .character("x")])
    }
}

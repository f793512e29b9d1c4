import Testing
@testable import TerminalUI

@Suite("Display width and text layout")
struct DisplayWidthTests {
    @Test("width of a character", arguments: [
        ("a", 1), (" ", 1), ("é", 1), ("e\u{301}", 1), ("Ø", 1), ("…", 1), ("─", 1),
        ("李", 2), ("한", 2), ("カ", 2), ("Ａ", 2), ("😀", 2), ("❤️", 2), ("👩‍💻", 2),
    ] as [(Character, Int)])
    func characterWidth(character: Character, width: Int) {
        #expect(DisplayWidth.of(character) == width)
    }

    @Test func zeroWidthScalars() {
        #expect(DisplayWidth.of(Unicode.Scalar(0x301)!) == 0)   // combining acute accent
        #expect(DisplayWidth.of(Unicode.Scalar(0x200D)!) == 0)  // zero-width joiner
        #expect(DisplayWidth.of(Unicode.Scalar(0x1B)!) == 0)    // ESC
    }

    @Test func widthOfText() {
        #expect(DisplayWidth.of("José") == 4)
        #expect(DisplayWidth.of("Jose\u{301}") == 4)
        #expect(DisplayWidth.of("李小龍") == 6)
        #expect(DisplayWidth.of("") == 0)
    }

    @Test func truncateAddsAnEllipsisOnlyWhenNeeded() {
        #expect(TextLayout.truncate("Lovelace", toWidth: 8) == "Lovelace")
        #expect(TextLayout.truncate("Lovelace", toWidth: 5) == "Love…")
        #expect(TextLayout.truncate("Lovelace", toWidth: 1) == "…")
        #expect(TextLayout.truncate("Lovelace", toWidth: 0) == "")
        #expect(TextLayout.truncate("李小龍", toWidth: 4) == "李…")   // 李 + … = 3 columns; 小 would need 2 more
        #expect(TextLayout.truncate("李小龍", toWidth: 5) == "李小…")
    }

    @Test func padFillsToTheWidth() {
        #expect(TextLayout.pad("Ada", toWidth: 5) == "Ada  ")
        #expect(TextLayout.pad("李", toWidth: 3) == "李 ")
        #expect(TextLayout.pad("Lovelace", toWidth: 4) == "Lov…")
    }

    @Test func wrapBreaksAtSpacesAndSplitsLongWords() {
        #expect(TextLayout.wrap("Could not connect to server.", width: 12) == ["Could not", "connect to", "server."])
        #expect(TextLayout.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TextLayout.wrap("one\ntwo three", width: 20) == ["one", "two three"])
        #expect(TextLayout.wrap("", width: 5) == [""])
        #expect(TextLayout.wrap("李小龍", width: 4) == ["李小", "龍"])
    }
}

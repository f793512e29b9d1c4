import Testing
@testable import TerminalUI

@Suite("KeyDecoder")
struct KeyDecoderTests {
    private func decode(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.feed(bytes)
    }

    private func decode(_ text: String) -> [Key] { decode(Array(text.utf8)) }

    @Test("arrows, home, end, page keys in CSI form", arguments: [
        ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}[1~", .home), ("\u{1B}[4~", .end),
        ("\u{1B}[7~", .home), ("\u{1B}[8~", .end), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
        ("\u{1B}[3~", .delete), ("\u{1B}[Z", .backTab), ("\u{1B}[1;5A", .up),
    ])
    func csi(sequence: String, key: Key) {
        #expect(decode(sequence) == [key])
    }

    @Test("arrows, home and end in SS3 (application cursor) form", arguments: [
        ("\u{1B}OA", Key.up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
        ("\u{1B}OH", .home), ("\u{1B}OF", .end),
    ])
    func ss3(sequence: String, key: Key) {
        #expect(decode(sequence) == [key])
    }

    @Test func enterIsCarriageReturnOrLineFeed() {
        #expect(decode([0x0D]) == [.enter])
        #expect(decode([0x0A]) == [.enter])
    }

    @Test func tabBackspaceAndDelete() {
        #expect(decode([0x09]) == [.tab])
        #expect(decode([0x7F]) == [.backspace])
        #expect(decode([0x08]) == [.backspace])
        #expect(decode("\u{1B}[3~") == [.delete])
    }

    @Test func controlLetters() {
        #expect(decode([0x01]) == [.ctrl("a")])
        #expect(decode([0x03]) == [.ctrl("c")])
        #expect(decode([0x1A]) == [.ctrl("z")])
        #expect(decode([0x00, 0x1C]) == [])  // Ctrl-Space and Ctrl-\ carry no key we use
    }

    @Test func loneEscapeAtTheEndOfAReadIsTheEscapeKey() {
        #expect(decode([0x1B]) == [.escape])
        #expect(decode([0x1B, 0x1B]) == [.escape, .escape])
    }

    @Test func escapeBeforeASequence() {
        #expect(decode("\u{1B}\u{1B}[A") == [.escape, .up])
        #expect(decode("\u{1B}\u{1B}x") == [.escape, .alt("x")])
    }

    @Test("ESC and a printable byte in one read is Alt and that key; ESC [ and ESC O stay sequences")
    func altLetters() {
        #expect(decode("\u{1B}x") == [.alt("x")])
        #expect(decode("\u{1B}X\u{1B}1\u{1B} ") == [.alt("X"), .alt("1"), .alt(" ")])
        #expect(decode("a\u{1B}bc") == [.character("a"), .alt("b"), .character("c")])
        #expect(decode("\u{1B}[A\u{1B}OB") == [.up, .down])
    }

    @Test("ESC that ends one read is Escape even when a letter comes in the next")
    func escapeThenALetterInTheNextRead() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [.escape])
        #expect(decoder.feed(Array("x".utf8)) == [.character("x")])
    }

    @Test func unknownSequencesAreDroppedNotTyped() {
        #expect(decode("\u{1B}[2~a") == [.character("a")])     // Insert
        #expect(decode("\u{1B}[15~b") == [.character("b")])    // F5
        #expect(decode("\u{1B}OPc") == [.character("c")])      // F1
    }

    @Test func printableTextAndSeveralKeysInOneRead() {
        #expect(decode("Ab 1\u{1B}[B\r") == [.character("A"), .character("b"), .character(" "), .character("1"), .down, .enter])
    }

    @Test func multiByteUTF8() {
        #expect(decode("é李😀") == [.character("é"), .character("李"), .character("😀")])
    }

    @Test func sequenceSplitAcrossReadsWaitsForTheRest() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B, UInt8(ascii: "[")]) == [])
        #expect(decoder.hasPendingBytes)
        #expect(decoder.feed([UInt8(ascii: "5")]) == [])
        #expect(decoder.feed([UInt8(ascii: "~"), UInt8(ascii: "q")]) == [.pageUp, .character("q")])
        #expect(!decoder.hasPendingBytes)
    }

    @Test func ss3SplitAcrossReads() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B, UInt8(ascii: "O")]) == [])
        #expect(decoder.feed([UInt8(ascii: "A")]) == [.up])
    }

    @Test func utf8SplitAcrossReads() {
        let bytes = Array("李😀".utf8)  // 3 + 4 bytes
        var decoder = KeyDecoder()
        #expect(decoder.feed(bytes[0..<1]) == [])
        #expect(decoder.feed(bytes[1..<4]) == [.character("李")])
        #expect(decoder.feed(bytes[4..<6]) == [])
        #expect(decoder.feed(bytes[6...]) == [.character("😀")])
    }

    @Test func invalidUTF8IsSkippedAndDecodingGoesOn() {
        #expect(decode([0x80, 0xFF, UInt8(ascii: "a")]) == [.character("a")])
        #expect(decode([0xE6, UInt8(ascii: "b")]) == [.character("b")])  // lead byte without continuation
    }

    @Test func flushTurnsAnUnfinishedSequenceIntoEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B, UInt8(ascii: "[")]) == [])
        #expect(decoder.flush() == [.escape])
        #expect(decoder.flush() == [])
        #expect(decoder.feed([UInt8(ascii: "A")]) == [.character("A")])
    }
}

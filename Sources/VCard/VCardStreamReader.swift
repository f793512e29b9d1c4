import Foundation

/// Cuts a stream of bytes holding many cards into single cards as the bytes arrive, so an import
/// of any size holds at most one card in memory. A card that is cut short (a new `BEGIN:VCARD`
/// before its `END:VCARD`, or the end of the stream) or too large is reported by its position and
/// the reading goes on with the next card. Lines outside any card that read as properties (a card
/// without its `BEGIN:VCARD`) are reported the same way, as one card; other text there (a title, a
/// remark, a stray `END:VCARD`) is passed over, so the positions after it still count cards.
/// A vCard 2.1 `AGENT`'s card stays inside the card that holds it (`EmbeddedAgentCards`), and a
/// stream whose lines end with a carriage return alone is read as CRLF (`CarriageReturnLineEnds`).
public struct VCardStreamReader: Sendable {
    public enum Item: Sendable {
        /// A card's position in the stream, from 1, and its bytes (`BEGIN` to `END`).
        case card(position: Int, bytes: [UInt8])
        case failure(position: Int, name: String, VCardError)
    }

    private var buffer: [UInt8] = []
    /// How much of `buffer` is known to hold no line end: a long line that arrives in many pieces
    /// is searched once, not once per piece.
    private var scanned = 0
    private var current: [UInt8]?
    /// The lines of `current` that belong to an `AGENT`'s card, whose `END:VCARD` is not the card's.
    private var agentCards = EmbeddedAgentCards()
    private var position = 0
    /// Inside a card that grew past the limit: its bytes are dropped until the next `BEGIN:VCARD`.
    private var skipping = false
    /// Lines since the last card that belong to none (their first 64 KiB, to name them by), and
    /// whether any reads as a property.
    private var stray: [UInt8] = []
    private var strayHoldsProperties = false
    /// The bytes seen so far outside any card that were not blank: a body without any card is refused.
    public private(set) var cardsSeen = 0
    private let maximumCardSize: Int
    /// Whether the stream's lines end with a carriage return alone (made CRLF as they arrive);
    /// `nil` until its first line end.
    private var carriageReturnsEndLines: Bool?
    private var lastByteWasCarriageReturn = false

    public init(maximumCardSize: Int = VCardLimits.maximumCardSize) {
        self.maximumCardSize = maximumCardSize
    }

    /// Adds bytes and returns the cards they complete.
    public mutating func append(_ bytes: some Sequence<UInt8>) -> [Item] {
        addToBuffer(bytes)
        var items: [Item] = []
        var lineStart = 0
        while let newline = buffer[max(lineStart, scanned)...].firstIndex(of: 0x0A) {
            handle(line: buffer[lineStart...newline], into: &items)
            lineStart = newline + 1
        }
        buffer.removeFirst(lineStart)
        scanned = buffer.count
        if buffer.count > maximumCardSize, current != nil || skipping {
            // A line longer than any card may be: what is left of it cannot start a card.
            failCurrent(with: .tooLarge(limit: maximumCardSize), into: &items)
            buffer.removeAll()
            scanned = 0
        } else if buffer.count > maximumCardSize {
            buffer.removeAll()
            scanned = 0
        }
        return items
    }

    private mutating func addToBuffer(_ bytes: some Sequence<UInt8>) {
        switch carriageReturnsEndLines {
        case false?:
            buffer.append(contentsOf: bytes)
        case true?:
            let bytes = Array(bytes)
            buffer += CarriageReturnLineEnds.expanded(bytes, followsCarriageReturn: lastByteWasCarriageReturn)
            if let last = bytes.last { lastByteWasCarriageReturn = last == 0x0D }
        case nil:
            // Until now the buffer held no line end, but perhaps a carriage return as its last byte.
            let searchFrom = max(0, buffer.count - 1)
            buffer.append(contentsOf: bytes)
            carriageReturnsEndLines = CarriageReturnLineEnds.areUsed(in: buffer[searchFrom...])
            if carriageReturnsEndLines == true {
                lastByteWasCarriageReturn = buffer.last == 0x0D
                buffer = CarriageReturnLineEnds.expanded(buffer)
                scanned = 0
            }
        }
    }

    /// Call at the end of the stream: a card still open is reported as cut short.
    public mutating func finish() -> [Item] {
        var items: [Item] = []
        if !buffer.isEmpty {
            handle(line: buffer[...], into: &items)
            buffer.removeAll()
            scanned = 0
        }
        if current != nil { failCurrent(with: .missingEnd, into: &items) }
        reportStray(into: &items)
        return items
    }

    private mutating func handle(line: ArraySlice<UInt8>, into items: inout [Item]) {
        // Inside a card, a line that starts with a space or a tab continues the line before it
        // (RFC 6350 3.2): a folded value that reads `END:VCARD` does not end the card.
        let continues = current != nil && (line.first == 0x20 || line.first == 0x09)
        let keyword = continues ? nil : Self.keyword(of: line)
        let isAgents = current != nil && agentCards.read(keyword)
        if keyword == "BEGIN:VCARD", !isAgents {
            if current != nil { failCurrent(with: .missingEnd, into: &items) }
            cardsSeen += 1
            reportStray(into: &items)
            position += 1
            skipping = false
            current = Array(line)
            agentCards = EmbeddedAgentCards()
            return
        }
        guard !skipping, current != nil else {
            // A line with text (or one too long to be a keyword) outside any card.
            if !skipping, keyword != "" {
                if stray.count < 64 << 10 { stray.append(contentsOf: line) }
                if keyword != "END:VCARD", Self.readsAsProperty(line) { strayHoldsProperties = true }
            }
            return
        }
        current?.append(contentsOf: line)
        if let size = current?.count, size > maximumCardSize {
            failCurrent(with: .tooLarge(limit: maximumCardSize), into: &items)
            return
        }
        if keyword == "END:VCARD", !isAgents, let bytes = current {
            items.append(.card(position: position, bytes: bytes))
            current = nil
        }
    }

    /// Reports the stray lines once the stream has a card: a body with none is no vCard at all.
    private mutating func reportStray(into items: inout [Item]) {
        if strayHoldsProperties, cardsSeen > 0 {
            position += 1
            items.append(.failure(position: position, name: Self.name(in: stray), .missingBegin))
        }
        stray = []
        strayHoldsProperties = false
    }

    private mutating func failCurrent(with error: VCardError, into items: inout [Item]) {
        guard current != nil || skipping else { return }
        if let bytes = current {
            items.append(.failure(position: position, name: Self.name(in: bytes), error))
            skipping = error != .missingEnd
        }
        current = nil
    }

    /// Whether a line outside any card starts as the content lines of cards do: a name of a letter
    /// and then capitals, digits and dashes (or an `X-` name in any case), after a group if any,
    /// then its parameters or its value (RFC 6350 3.3). Names are case-insensitive, but every
    /// writer spells them in capitals, and a remark is written as text is: "Note: next is Bob",
    /// "12:30 backup" and "Exported from my phone" are text. (A remark in capitals, "NOTE: see
    /// below", is taken for a card that lost its BEGIN: it is reported, nothing is lost.)
    static func readsAsProperty(_ line: ArraySlice<UInt8>) -> Bool {
        // As for keywords, a byte order mark and white space before the name are not part of it.
        var line = line.drop { $0 == 0x20 || $0 == 0x09 }
        if line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
        guard let end = line.firstIndex(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ";") }) else { return false }
        let words = line[line.startIndex..<end].split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard words.count <= 2, let name = words.last, let first = name.first, isLetter(first),
              words.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isNameByte) }) else { return false }
        return name.starts(with: "X-".utf8) || name.starts(with: "x-".utf8)
            || !name.contains { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
    }

    private static let aroundKeywords = CharacterSet.whitespacesAndNewlines.union(["\u{FEFF}"])

    /// The line upper-cased without surrounding white space or a byte order mark (which files saved
    /// by Windows editors start with), when it is short enough to be a keyword (with white space
    /// around it); `nil` for a longer line.
    static func keyword(of line: ArraySlice<UInt8>) -> String? {
        guard line.count <= 256 else { return nil }
        let text = String(decoding: line, as: UTF8.self)
        // Most lines begin and end in a visible ASCII character, where trimming would stop at once.
        let isVisibleASCII = { (byte: UInt8?) in byte.map { (0x21...0x7E).contains($0) } ?? false }
        if isVisibleASCII(line.first), isVisibleASCII(line.last) { return text.uppercased() }
        return text.trimmingCharacters(in: aroundKeywords).uppercased()
    }

    /// The name a card that could not be read is reported by (`VCardParser.name(ofUnreadable:)`).
    public static func name(in bytes: [UInt8]) -> String {
        VCardParser.name(ofUnreadable: bytes.prefix(64 << 10))
    }
}

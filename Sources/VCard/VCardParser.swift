import Foundation

/// Reads the text of one card, `BEGIN:VCARD` to `END:VCARD`, from its bytes: CRLF, LF or CR, a BOM,
/// folded lines (also folded inside a multi-byte character: lines are joined before decoding),
/// vCard 2.1 quoted-printable soft line breaks, and 2.1 `CHARSET=` values that are not UTF-8.
public enum VCardParser {
    /// - Parameter isWholeText: the text must be this one card and nothing else (a CardDAV
    ///   resource): a `BEGIN:VCARD` inside it or anything but blank lines after it is an error.
    ///   Otherwise reading stops at the first `END:VCARD`.
    /// - Parameter checksLimits: refuse a card beyond `VCardLimits`, or with quoted-printable text
    ///   in a character set the system cannot read; off only for text this program wrote itself
    ///   (a stored card, kept before that was refused), which it must always be able to read again.
    public static func parse(
        _ bytes: some Collection<UInt8>, isWholeText: Bool = false, checksLimits: Bool = true
    ) throws(VCardError) -> VCard {
        var bytes = Array(bytes)
        guard !checksLimits || bytes.count <= VCardLimits.maximumCardSize else { throw .tooLarge(limit: VCardLimits.maximumCardSize) }
        if CarriageReturnLineEnds.areUsed(in: bytes) == true { bytes = CarriageReturnLineEnds.expanded(bytes) }
        let lines = logicalLines(in: bytes)
        guard let first = lines.first(where: { !$0.isBlank }) else { throw .noCard }
        guard try first.property().isEnvelope("BEGIN") else { throw .missingBegin }
        var properties: [VCardProperty] = []
        var sawEnd = false
        let body = joiningAgentCards(lines.drop(while: { $0.number != first.number }).dropFirst(), in: bytes)
        let isVersion21 = version(in: body) == "2.1"
        for line in body where !line.isBlank {
            if sawEnd { throw .moreThanOneCard(line: line.number) }
            let property = try line.property(isVersion21: isVersion21, refusesUnreadableText: checksLimits)
            if property.isEnvelope("END") {
                sawEnd = true
                if isWholeText { continue } else { break }
            }
            if isWholeText && property.isEnvelope("BEGIN") { throw .cardInsideCard(line: line.number) }
            properties.append(property)
            guard !checksLimits || properties.count <= VCardLimits.maximumProperties else {
                throw .tooManyProperties(limit: VCardLimits.maximumProperties)
            }
        }
        guard sawEnd else { throw .missingEnd }
        // As the card's lines end (a carriage return inside a value is not a line's end).
        let firstLineFeed = bytes.firstIndex(of: UInt8(ascii: "\n"))
        let lineEnding: VCard.LineEnding = firstLineFeed.map { $0 > 0 && bytes[$0 - 1] == UInt8(ascii: "\r") } ?? true ? .crlf : .lf
        return VCard(properties: properties, lineEnding: lineEnding)
    }

    /// Whether the card in `bytes` says it is a vCard 2.1, whose lines each may name their own
    /// character set (`CHARSET=`) and are read as Windows-1252 when they name none.
    public static func isVersion21(_ bytes: [UInt8]) -> Bool {
        version(in: logicalLines(in: bytes)) == "2.1"
    }

    /// The value of the first `VERSION` line, as `VCard.version` reads it, before any other
    /// line is decoded: how text that is not UTF-8 is read depends on it.
    static func version(in lines: some Sequence<LogicalLine>) -> String? {
        for line in lines {
            guard let colon = line.content.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = String(decoding: line.content[..<colon], as: UTF8.self).trimmingSpaces
            guard name.caseInsensitiveEquals("VERSION") else { continue }
            return String(decoding: line.content[(colon + 1)...], as: UTF8.self).trimmingSpaces
        }
        return nil
    }

    /// One property's line after unfolding, with the exact bytes it was read from.
    struct LogicalLine {
        var number: Int
        var content: [UInt8]
        var source: ArraySlice<UInt8>
        /// Joined at a quoted-printable soft line break: written afresh as one line, since many
        /// readers (vobject among them) do not join such lines.
        var hadSoftLineBreak = false
        /// Base64 joined from lines that were not folded (see `takesUnfoldedBase64`), written
        /// afresh, folded, for the same readers.
        var hadUnfoldedBase64 = false
        /// Ended by a blank line, as vCard 2.1 ends base64.
        var endedByBlankLine = false
        /// The lines of the card an `AGENT` line holds (`EmbeddedAgentCards`), joined to it.
        var agentCard: [[UInt8]] = []

        var isBlank: Bool { content.allSatisfy { $0 == 0x20 || $0 == 0x09 } }

        /// C0 controls but tab (NUL is refused before; a carriage return left inside a line is
        /// not one that ends it), and DEL.
        private static func isControl(_ byte: UInt8) -> Bool {
            (byte < 0x20 && byte != 0x09) || byte == 0x7F
        }

        /// U+FFFE or U+FFFF, in UTF-8 the only sequences `EF BF BE` and `EF BF BF`.
        private static func hasNoncharacterXMLRefuses(_ bytes: [UInt8]) -> Bool {
            guard bytes.contains(0xEF) else { return false }
            return bytes.indices.dropLast(2).contains { isNoncharacterXMLRefuses(bytes, at: $0) }
        }

        private static func isNoncharacterXMLRefuses(_ bytes: [UInt8], at index: Int) -> Bool {
            bytes[index] == 0xEF && bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE
        }

        /// Each control character and each U+FFFE or U+FFFF replaced by one space.
        private static func replacingWhatXMLRefuses(in bytes: [UInt8]) -> [UInt8] {
            var replaced: [UInt8] = []
            replaced.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                if index + 2 < bytes.count, isNoncharacterXMLRefuses(bytes, at: index) {
                    replaced.append(0x20)
                    index += 3
                } else {
                    replaced.append(isControl(bytes[index]) ? 0x20 : bytes[index])
                    index += 1
                }
            }
            return replaced
        }

        /// - Parameters:
        ///   - isVersion21: the value has 2.1's escapes, and text that is not UTF-8 and names no
        ///     `CHARSET` is read as Windows-1252, as Outlook and other Windows programs write vCard
        ///     2.1; otherwise such text is an error.
        ///   - readsAnyText: text that is not UTF-8 is read as Windows-1252 in any version (a
        ///     refused card's name, to report it by).
        ///   - refusesUnreadableText: quoted-printable text in a character set the system cannot
        ///     read is an error, rather than read as Windows-1252 (raw text in one always is).
        func property(isVersion21: Bool = false, readsAnyText: Bool = false, refusesUnreadableText: Bool = true) throws(VCardError) -> VCardProperty {
            if content.contains(0) { throw .nulByte(line: number) }
            if isVersion21, let property = stateful7BitText() { return property }
            // Other control characters (a vertical tab from a spreadsheet, say), U+FFFE and U+FFFF
            // become spaces: XML cannot carry them, so a CardDAV report would answer a card other
            // than the one stored.
            var content = content
            let hadControls = content.contains(where: Self.isControl) || Self.hasNoncharacterXMLRefuses(content)
            if hadControls { content = Self.replacingWhatXMLRefuses(in: content) }
            let fallback: String.Encoding? = isVersion21 || readsAnyText ? .windowsCP1252 : nil
            var property = try ContentLineReader.property(from: content, line: number, fallback: fallback)
            if isVersion21 { property.escaping = .version21 }
            property.source = hadSoftLineBreak || hadUnfoldedBase64 || hadControls ? nil : String(decoding: source, as: UTF8.self)
            if !agentCard.isEmpty {
                let lines = (property.value.isEmpty ? [] : [property.value]) + agentCard.map { String(decoding: $0, as: UTF8.self) }
                property.value = lines.joined(separator: "\n")
            }
            if String(validating: source, as: UTF8.self) == nil {
                // Text in a legacy character set: kept decoded, written afresh as UTF-8.
                property.source = nil
                property.parameters.removeAll { $0.name.caseInsensitiveEquals("CHARSET") }
            } else if !property.isQuotedPrintable, content.contains(where: { $0 >= 0x80 }),
                      let name = CharacterSets.name(in: property.parameters), !CharacterSets.isUTF8(name) {
                // Read as the UTF-8 it is (a file converted, or sent with the charset it was in),
                // the line no longer is in the set it names: kept as written, it would say so.
                property.source = nil
                property.parameters.removeAll { $0.name.caseInsensitiveEquals("CHARSET") }
            } else if refusesUnreadableText, property.isQuotedPrintable, let name = CharacterSets.unreadableName(in: property.parameters),
                      String(validating: QuotedPrintable.bytes(of: property.value), as: UTF8.self) == nil {
                throw .unreadableCharacterSet(name, line: number)
            } else if isVersion21, property.isQuotedPrintable, CharacterSets.encoding(named: property.parameters) == nil,
                      String(validating: QuotedPrintable.bytes(of: property.value), as: UTF8.self) == nil {
                // Quoted-printable bytes in no character set we know (none named, or a name we do
                // not): read as Windows-1252, like raw bytes, and written with that name.
                property.source = nil
                property.parameters.removeAll { $0.name.caseInsensitiveEquals("CHARSET") }
                property.parameters.append(VCardParameter(name: "CHARSET", values: ["WINDOWS-1252"]))
            }
            return property
        }
    }

    /// Each agent's card (`EmbeddedAgentCards`) joined to its `AGENT` line, as one property.
    static func joiningAgentCards(_ lines: some Sequence<LogicalLine>, in bytes: [UInt8]) -> [LogicalLine] {
        let lines = Array(lines)
        // Most cards have no agent, and their lines stay as they are without each keyword being read.
        guard lines.contains(where: { EmbeddedAgentCards.mayOpenAgent($0.content) }) else { return lines }
        var agentCards = EmbeddedAgentCards()
        var joined: [LogicalLine] = []
        for line in lines {
            if agentCards.read(VCardStreamReader.keyword(of: line.content[...])), var agent = joined.popLast() {
                agent.agentCard.append(line.content)
                agent.source = bytes[agent.source.startIndex..<line.source.endIndex]
                joined.append(agent)
            } else {
                joined.append(line)
            }
        }
        return joined
    }

    static func logicalLines(in bytes: [UInt8]) -> [LogicalLine] {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var lines: [LogicalLine] = []
        var physicalNumber = 0
        while start < bytes.count {
            let newline = bytes[start...].firstIndex(of: 0x0A)
            let end = newline.map { $0 + 1 } ?? bytes.count
            var content = bytes[start..<(newline ?? bytes.count)]
            if content.last == 0x0D { content = content.dropLast() }
            physicalNumber += 1
            let continues = content.first == 0x20 || content.first == 0x09
            if content.isEmpty, var last = lines.popLast() {
                // A blank line (2.1 ends base64 with one) stays with the property before it.
                // After a soft line break it is the line the break goes on in, and ends the value:
                // Android writes `=` after every 23rd byte, the value's last one too.
                if last.endsInSoftLineBreak {
                    last.content.removeLast()
                    last.hadSoftLineBreak = true
                }
                last.source = bytes[last.source.startIndex..<end]
                last.endedByBlankLine = true
                lines.append(last)
            } else if Self.isBase64(content), var last = lines.last, last.takesUnfoldedBase64 {
                lines.removeLast()
                last.content.append(contentsOf: content)
                last.hadUnfoldedBase64 = true
                last.source = bytes[last.source.startIndex..<end]
                lines.append(last)
            } else if var last = lines.last, last.endsInSoftLineBreak,
                      !(continues && Self.foldSplitsAnEscape(before: last.content, after: content.dropFirst())) {
                // vCard 2.1 quoted-printable: a line ending in `=` goes on in the next one, whole,
                // even when it starts with a space (encoders leave spaces as they are); unless the
                // fold splits an escape (`=` then ` C3`), as a 3.0-style folder does.
                lines.removeLast()
                last.content.removeLast()
                last.content.append(contentsOf: content)
                last.hadSoftLineBreak = true
                last.source = bytes[last.source.startIndex..<end]
                lines.append(last)
            } else if continues, var last = lines.popLast() {
                last.content.append(contentsOf: content.dropFirst())
                last.source = bytes[last.source.startIndex..<end]
                lines.append(last)
            } else {
                lines.append(LogicalLine(number: physicalNumber, content: Array(content), source: bytes[start..<end]))
            }
            start = end
        }
        return lines
    }
}

extension VCardParser {
    /// Whether a quoted-printable line ending in `=` (`before`) and a folded line (`after`, its
    /// space taken off) that starts with two hex digits are one escape split by a 3.0-style
    /// folder, rather than a soft line break before text that starts with digits ("um=", " 10 Uhr").
    /// Encoders escape `=`, spaces, line breaks and bytes past ASCII, so only those bytes are taken
    /// for a split escape: a byte past ASCII where UTF-8 could have it (starting a character, or
    /// going on with one the bytes before began).
    static func foldSplitsAnEscape(before: [UInt8], after: ArraySlice<UInt8>) -> Bool {
        guard let byte = hexByte(after) else { return false }
        switch byte {
        case 0x09, 0x0A, 0x0D, 0x20, 0x3D, 0xC2...0xF4: return true
        case 0x80...0xBF:
            // The escape before the `=` (`=C3=`) must have started or gone on with a character.
            let previous = before.dropLast()
            guard previous.count >= 3, previous[previous.endIndex - 3] == UInt8(ascii: "="),
                  let lead = hexByte(previous.suffix(2)) else { return false }
            return lead >= 0x80
        default: return false
        }
    }

    /// The byte two upper-case hex digits at the start of `bytes` stand for.
    private static func hexByte(_ bytes: ArraySlice<UInt8>) -> UInt8? {
        guard bytes.count >= 2 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        guard let high = value(bytes[bytes.startIndex]), let low = value(bytes[bytes.startIndex + 1]) else { return nil }
        return high << 4 | low
    }
}

extension VCardParser {
    /// Only base64's letters: no property, which needs a `:`.
    static func isBase64(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.allSatisfy { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=")
        }
    }
}

extension VCardParser.LogicalLine {
    /// A base64 value that goes on until a blank line (2.1 ends base64 so) or the next property:
    /// some phones and programs write its lines without folding them (Outlook indents them), in
    /// 2.1 (`BASE64`, `ENCODING=BASE64`) and in 3.0 (`ENCODING=b`) alike.
    var takesUnfoldedBase64: Bool {
        guard !endedByBlankLine, let colon = content.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let head = String(decoding: content[..<colon], as: UTF8.self).uppercased()
        return head.contains("BASE64") || head.split(separator: ";").dropFirst().contains { String($0).trimmingSpaces == "ENCODING=B" }
    }

    var endsInSoftLineBreak: Bool {
        guard content.last == UInt8(ascii: "="), let colon = content.firstIndex(of: UInt8(ascii: ":")) else { return false }
        return String(decoding: content[..<colon], as: UTF8.self).uppercased().contains("QUOTED-PRINTABLE")
    }
}

extension VCardProperty {
    func isEnvelope(_ keyword: String) -> Bool {
        hasName(keyword) && value.trimmingSpaces.caseInsensitiveEquals("VCARD")
    }
}

extension VCardParser.LogicalLine {
    /// A 2.1 value in ISO-2022-JP (or another ISO-2022 set) written as it is: 7-bit text that
    /// switches character sets with ESC sequences, whose bytes can be `;` or `\` inside a
    /// character. It is read whole in its set before anything else: before ESC is taken for a
    /// control character, and before the value is cut at its `;`s. Written afresh as UTF-8.
    func stateful7BitText() -> VCardProperty? {
        guard content.contains(0x1B), agentCard.isEmpty,
              var property = try? ContentLineReader.property(from: content, line: number),
              let charset = CharacterSets.name(in: property.parameters),
              charset.uppercased().hasPrefix("ISO-2022-"), let encoding = CharacterSets.encoding(named: charset),
              let text = CharacterSets.text(of: Array(property.value.utf8), in: encoding), !text.unicodeScalars.contains("\u{1B}")
        else { return nil }
        property.value = text
        property.escaping = .version21
        property.source = nil
        property.parameters.removeAll { $0.name.caseInsensitiveEquals("CHARSET") }
        return property
    }
}

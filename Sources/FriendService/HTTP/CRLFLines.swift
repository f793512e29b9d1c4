import NIOCore

extension ByteBuffer {
    /// Writes `text` with every line ended by CRLF, as RFC 6350 3.2 asks of a vCard file. A card
    /// imported with bare LF (or old Mac CR) line ends is kept as it came, and CardDAV serves it so;
    /// one file of every card ends all its lines alike, for the strict parsers that read it.
    mutating func writeWithCRLFLines(_ text: String) {
        guard Self.hasBareLineEnd(text) else {
            writeString(text)
            return
        }
        let carriageReturn = UInt8(ascii: "\r"), lineFeed = UInt8(ascii: "\n")
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == carriageReturn, byte != lineFeed { writeInteger(lineFeed) }
            if byte == lineFeed, previous != carriageReturn { writeInteger(carriageReturn) }
            writeInteger(byte)
            previous = byte
        }
        if previous == carriageReturn { writeInteger(lineFeed) }
    }

    /// Whether `text` has a line feed without a carriage return before it, or the reverse.
    static func hasBareLineEnd(_ text: String) -> Bool {
        let carriageReturn = UInt8(ascii: "\r"), lineFeed = UInt8(ascii: "\n")
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == lineFeed, previous != carriageReturn { return true }
            if previous == carriageReturn, byte != lineFeed { return true }
            previous = byte
        }
        return previous == carriageReturn
    }
}

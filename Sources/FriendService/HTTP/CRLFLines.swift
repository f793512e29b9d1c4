import NIOCore

/// Every line ended by CRLF, as RFC 6350 3.2 asks of a vCard file. A card imported with bare LF
/// (or old Mac CR) line ends is kept as it came, and CardDAV serves it so; one file of every card
/// ends all its lines alike, for the strict parsers that read it.
enum CRLFLines {
    /// `bytes` with each bare LF or CR made a CRLF.
    static func of(_ bytes: [UInt8]) -> [UInt8] {
        guard hasBareLineEnd(bytes) else { return bytes }
        let carriageReturn = UInt8(ascii: "\r"), lineFeed = UInt8(ascii: "\n")
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 32)
        var previous: UInt8 = 0
        for byte in bytes {
            if previous == carriageReturn, byte != lineFeed { result.append(lineFeed) }
            if byte == lineFeed, previous != carriageReturn { result.append(carriageReturn) }
            result.append(byte)
            previous = byte
        }
        if previous == carriageReturn { result.append(lineFeed) }
        return result
    }

    /// Whether `bytes` have a line feed without a carriage return before it, or the reverse.
    static func hasBareLineEnd(_ bytes: some Sequence<UInt8>) -> Bool {
        let carriageReturn = UInt8(ascii: "\r"), lineFeed = UInt8(ascii: "\n")
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == lineFeed, previous != carriageReturn { return true }
            if previous == carriageReturn, byte != lineFeed { return true }
            previous = byte
        }
        return previous == carriageReturn
    }
}

extension ByteBuffer {
    /// Writes `text` with every line ended by CRLF (`CRLFLines`).
    mutating func writeWithCRLFLines(_ text: String) {
        guard CRLFLines.hasBareLineEnd(text.utf8) else {
            writeString(text)
            return
        }
        writeBytes(CRLFLines.of(Array(text.utf8)))
    }
}

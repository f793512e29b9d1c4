/// Files from old Macs end their lines with a carriage return alone. A text whose first line end is
/// such a carriage return is read as if each of them were CRLF; in any other text a carriage return
/// not followed by a line feed is inside a line.
enum CarriageReturnLineEnds {
    /// Whether the first line end in `bytes` is a carriage return alone; `nil` while that is not
    /// known yet (no line end so far, or a carriage return as the last byte).
    static func areUsed(in bytes: some Collection<UInt8>) -> Bool? {
        guard let end = bytes.firstIndex(where: { $0 == carriageReturn || $0 == lineFeed }) else { return nil }
        guard bytes[end] == carriageReturn else { return false }
        let next = bytes.index(after: end)
        return next == bytes.endIndex ? nil : bytes[next] != lineFeed
    }

    /// `bytes` with a line feed after every carriage return that has none.
    /// - Parameter followsCarriageReturn: the byte before `bytes` was a carriage return, so a line
    ///   feed that starts them is already there.
    static func expanded(_ bytes: some Sequence<UInt8>, followsCarriageReturn: Bool = false) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.underestimatedCount)
        var afterCarriageReturn = followsCarriageReturn
        for byte in bytes {
            defer { afterCarriageReturn = byte == carriageReturn }
            if byte == lineFeed && afterCarriageReturn { continue }
            result.append(byte)
            if byte == carriageReturn { result.append(lineFeed) }
        }
        return result
    }

    private static let carriageReturn: UInt8 = 0x0D
    private static let lineFeed: UInt8 = 0x0A
}

/// Turns a vCard file saved as UTF-16 (older macOS Contacts and Windows write it so) into the
/// UTF-8 the reader takes, a chunk at a time as it arrives; text in UTF-8 passes through as it
/// is. The first two bytes tell which: a byte order mark, or the NUL beside the `B` of `BEGIN`.
public struct UTF16Transcoder: Sendable {
    private enum Mode: Sendable {
        /// Fewer than two bytes seen: not known yet.
        case undecided
        case utf8
        case utf16(bigEndian: Bool)
    }

    private var mode = Mode.undecided
    /// A byte of a code unit whose other byte has not arrived yet (or the first byte of the file).
    private var pendingByte: UInt8?
    /// A high surrogate waiting for its low one.
    private var pendingHighSurrogate: UInt16?

    public init() {}

    public mutating func append(_ bytes: some Collection<UInt8>) -> [UInt8] {
        if case .utf8 = mode { return Array(bytes) }
        var output: [UInt8] = []
        for byte in bytes {
            switch mode {
            case .utf8:
                output.append(byte)
            case .undecided:
                guard let first = pendingByte else {
                    pendingByte = byte
                    continue
                }
                pendingByte = nil
                switch (first, byte) {
                case (0xFF, 0xFE): mode = .utf16(bigEndian: false)
                case (0xFE, 0xFF): mode = .utf16(bigEndian: true)
                case (1..., 0):
                    mode = .utf16(bigEndian: false)
                    append(UInt16(first), to: &output)
                case (0, 1...):
                    mode = .utf16(bigEndian: true)
                    append(UInt16(byte), to: &output)
                default:
                    mode = .utf8
                    output += [first, byte]
                }
            case .utf16(let bigEndian):
                guard let first = pendingByte else {
                    pendingByte = byte
                    continue
                }
                pendingByte = nil
                let unit = bigEndian ? UInt16(first) << 8 | UInt16(byte) : UInt16(byte) << 8 | UInt16(first)
                append(unit, to: &output)
            }
        }
        return output
    }

    /// What is left at the end of the file: a lone byte of the first line, or a replacement
    /// character for half a code unit or a high surrogate without its low one.
    public mutating func finish() -> [UInt8] {
        var output: [UInt8] = []
        if case .undecided = mode, let byte = pendingByte { output.append(byte) }
        if case .utf16 = mode, pendingByte != nil || pendingHighSurrogate != nil { output += Self.replacement }
        pendingByte = nil
        pendingHighSurrogate = nil
        return output
    }

    private static let replacement = Array("\u{FFFD}".utf8)

    private mutating func append(_ unit: UInt16, to output: inout [UInt8]) {
        if let high = pendingHighSurrogate {
            pendingHighSurrogate = nil
            if (0xDC00...0xDFFF).contains(unit) {
                let scalar = 0x10000 + ((UInt32(high) - 0xD800) << 10) + (UInt32(unit) - 0xDC00)
                output += Array(String(Character(Unicode.Scalar(scalar)!)).utf8)
                return
            }
            output += Self.replacement
        }
        if (0xD800...0xDBFF).contains(unit) {
            pendingHighSurrogate = unit
        } else if let scalar = Unicode.Scalar(unit) {
            // A byte order mark inside the text is a zero-width no-break space: nothing to keep.
            if scalar != "\u{FEFF}" { output += Array(String(Character(scalar)).utf8) }
        } else {
            output += Self.replacement
        }
    }
}

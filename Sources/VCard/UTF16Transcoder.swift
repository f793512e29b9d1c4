/// Turns a vCard file saved as UTF-16 (older macOS Contacts and Windows write it so) into the
/// UTF-8 the reader takes, a chunk at a time as it arrives; text in UTF-8 passes through as it
/// is. The first bytes tell which: a byte order mark, or `BEGIN` with a NUL beside each letter.
/// Anything else is UTF-8, NUL bytes and all, for the reader to judge.
public struct UTF16Transcoder: Sendable {
    private enum Mode: Sendable {
        /// Fewer than four bytes seen, and no byte order mark: not known yet.
        case undecided
        case utf8
        case utf16(bigEndian: Bool)
    }

    private var mode = Mode.undecided
    /// The first bytes, while the mode is undecided.
    private var head: [UInt8] = []
    /// A byte of a code unit whose other byte has not arrived yet.
    private var pendingByte: UInt8?
    /// A high surrogate waiting for its low one.
    private var pendingHighSurrogate: UInt16?

    /// Whether the first bytes said the text is Unicode: UTF-16 (a byte order mark, or NULs beside
    /// `BEGIN`'s letters) or UTF-8's byte order mark. A charset named for the file elsewhere does
    /// not apply to it, as browsers read a byte order mark.
    public private(set) var foundUnicodeSignature = false

    /// The byte order marks of UTF-8 and of UTF-16 in either byte order.
    public static let byteOrderMarks: [[UInt8]] = [[0xEF, 0xBB, 0xBF], [0xFF, 0xFE], [0xFE, 0xFF]]

    public init() {}

    public mutating func append(_ bytes: some Collection<UInt8>) -> [UInt8] {
        if case .utf8 = mode { return Array(bytes) }
        var output: [UInt8] = []
        for byte in bytes {
            switch mode {
            case .utf8:
                output.append(byte)
            case .undecided:
                head.append(byte)
                decide(into: &output)
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

    /// What is left at the end of the file: the first bytes of a file too short to tell, or a
    /// replacement character for half a code unit or a high surrogate without its low one.
    public mutating func finish() -> [UInt8] {
        var output: [UInt8] = []
        if case .undecided = mode { output = head }
        if case .utf16 = mode, pendingByte != nil || pendingHighSurrogate != nil { output += Self.replacement }
        head = []
        pendingByte = nil
        pendingHighSurrogate = nil
        return output
    }

    private static let replacement = Array("\u{FFFD}".utf8)

    /// Settles the mode once `head` shows a byte order mark, or has four bytes.
    private mutating func decide(into output: inout [UInt8]) {
        let bigEndianMark: [UInt8] = [0xFE, 0xFF], littleEndianMark: [UInt8] = [0xFF, 0xFE]
        if head == littleEndianMark || head == bigEndianMark {
            mode = .utf16(bigEndian: head == bigEndianMark)
            foundUnicodeSignature = true
            head = []
            return
        }
        guard head.count == 4 else { return }
        let bytes = head
        head = []
        let isB = { (byte: UInt8) in byte == UInt8(ascii: "B") || byte == UInt8(ascii: "b") }
        let isE = { (byte: UInt8) in byte == UInt8(ascii: "E") || byte == UInt8(ascii: "e") }
        if isB(bytes[0]), bytes[1] == 0, isE(bytes[2]), bytes[3] == 0 {
            mode = .utf16(bigEndian: false)
        } else if bytes[0] == 0, isB(bytes[1]), bytes[2] == 0, isE(bytes[3]) {
            mode = .utf16(bigEndian: true)
        } else {
            mode = .utf8
            foundUnicodeSignature = bytes.starts(with: [0xEF, 0xBB, 0xBF])
            output += bytes
            return
        }
        foundUnicodeSignature = true
        output += append(bytes)
    }

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

/// Turns the bytes read from a terminal in raw mode into `Key`s.
///
/// Pure and incremental: feed each chunk as it is read; an escape sequence, a paste or a UTF-8
/// character split across reads is kept until the rest arrives. Text arrives as text: the
/// scalars of one grapheme cluster that come together ("e" + U+0301, 👍 + 🏽, a ZWJ sequence)
/// are one `.character`, and a bracketed paste (`ESC [200~` ... `ESC [201~`) is one `.paste`.
/// An ESC that ends a chunk on its own is the Escape key (terminals write a whole sequence in
/// one go), while an unfinished `ESC [` or `ESC O` sequence waits for its final byte. ESC
/// followed by another printable ASCII byte is that key with Alt (`.alt`). SGR 1006
/// mouse reports become `.mouse`; sequences we do not know (function keys, Insert, other mouse
/// buttons) are dropped rather than typed as text.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)
    static let ctrlC: UInt8 = 0x03

    public init() {}

    /// Decodes `bytes` (after whatever was left over from the previous call).
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
        let bytes = Array(bytes)
        // A paste whose end marker never comes (a program that wrote only its start) would hold
        // every key after it, Ctrl-C too. Ctrl-C read on its own, as a key pressed comes (a
        // terminal writes a paste in big chunks), ends the paste as it is, and is Ctrl-C.
        if bytes == [Self.ctrlC], pending.starts(with: Self.pasteStart) {
            return flush() + feed(bytes)
        }
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = Self.decodeOne(pending, at: index) else { break }
            if let key { Self.append(key, to: &keys) }
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// Ends the input: an unfinished paste is delivered as it is, any other incomplete sequence
    /// becomes Escape (if it began with ESC) or is dropped.
    public mutating func flush() -> [Key] {
        defer { pending.removeAll() }
        if pending.starts(with: Self.pasteStart) {
            return [.paste(String(decoding: pending.dropFirst(Self.pasteStart.count), as: UTF8.self))]
        }
        return pending.first == 0x1B ? [.escape] : []
    }

    /// True while an incomplete sequence waits for more bytes.
    public var hasPendingBytes: Bool { !pending.isEmpty }

    /// Adds `key`, joining it to the character before when the two make one grapheme cluster.
    private static func append(_ key: Key, to keys: inout [Key]) {
        if case .character(let next) = key, case .character(let previous)? = keys.last {
            let joined = String(previous) + String(next)
            if joined.count == 1, let character = joined.first {
                keys[keys.count - 1] = .character(character)
                return
            }
        }
        keys.append(key)
    }

    /// Decodes one key at `index`: the key (nil for bytes that are skipped) and the bytes used,
    /// or nil when the bytes there are an incomplete sequence.
    private static func decodeOne(_ bytes: [UInt8], at index: Int) -> (Key?, Int)? {
        let byte = bytes[index]
        switch byte {
        case 0x1B: return decodeEscape(bytes, at: index)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x01...0x1A: return (.ctrl(Character(Unicode.Scalar(byte - 1 + UInt8(ascii: "a")))), 1)
        case 0x20...0x7E: return (.character(Character(Unicode.Scalar(byte))), 1)
        case 0xC2...0xF4: return decodeUTF8(bytes, at: index)
        default: return (nil, 1)  // NUL, other C0 controls, stray continuation or invalid bytes
        }
    }

    private static func decodeEscape(_ bytes: [UInt8], at index: Int) -> (Key?, Int)? {
        guard index + 1 < bytes.count else { return (.escape, 1) }
        switch bytes[index + 1] {
        case UInt8(ascii: "["): return decodeCSI(bytes, at: index)
        case UInt8(ascii: "O"):
            guard index + 2 < bytes.count else { return nil }
            return (finalKey(bytes[index + 2], parameters: []), 3)
        case 0x7F, 0x08: return (.altBackspace, 2)
        case let next where (0x20...0x7E).contains(next):
            // Terminals send Alt-x as ESC x in one write; a lone Escape ends its chunk.
            return (.alt(Character(Unicode.Scalar(next))), 2)
        default:
            // ESC before a control byte or another ESC: the Escape key, then that byte on its own.
            return (.escape, 1)
        }
    }

    /// `ESC [` parameters (0x30–0x3F), intermediates (0x20–0x2F), one final byte (0x40–0x7E).
    private static func decodeCSI(_ bytes: [UInt8], at index: Int) -> (Key?, Int)? {
        var cursor = index + 2
        while cursor < bytes.count, (0x20...0x3F).contains(bytes[cursor]) { cursor += 1 }
        guard cursor < bytes.count else { return nil }
        let final = bytes[cursor]
        guard (0x40...0x7E).contains(final) else { return (nil, cursor - index) }  // malformed: drop it
        let text = String(decoding: bytes[(index + 2)..<cursor], as: UTF8.self)
        if text.hasPrefix("<") {
            return (mouseKey(text.dropFirst(), final: final), cursor + 1 - index)
        }
        if text == "200", final == UInt8(ascii: "~") {
            return decodePaste(bytes, contentStart: cursor + 1, sequenceStart: index)
        }
        let parameters = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        return (finalKey(final, parameters: parameters), cursor + 1 - index)
    }

    /// The text up to `ESC [201~`, or nil while the end marker has not arrived.
    private static func decodePaste(_ bytes: [UInt8], contentStart: Int, sequenceStart: Int) -> (Key?, Int)? {
        var end = contentStart
        while end + pasteEnd.count <= bytes.count {
            if bytes[end] == 0x1B, bytes[end..<(end + pasteEnd.count)].elementsEqual(pasteEnd) {
                let text = String(decoding: bytes[contentStart..<end], as: UTF8.self)
                return (.paste(text), end + pasteEnd.count - sequenceStart)
            }
            end += 1
        }
        return nil
    }

    /// An SGR 1006 report, `ESC [ < button ; column ; row M` (press) or `m` (release).
    /// Only left presses and the wheel are kept; drags, releases and other buttons are dropped.
    private static func mouseKey(_ parameters: Substring, final: UInt8) -> Key? {
        let numbers = parameters.split(separator: ";").compactMap { Int($0) }
        guard numbers.count == 3, final == UInt8(ascii: "M"), numbers[1] > 0, numbers[2] > 0 else { return nil }
        let button = numbers[0] & ~(4 | 8 | 16)  // Shift, Alt and Ctrl do not matter here
        let action: MouseEvent.Action
        switch button {
        case 0: action = .press
        case 64: action = .wheelUp
        case 65: action = .wheelDown
        default: return nil
        }
        return .mouse(MouseEvent(action: action, row: numbers[2] - 1, column: numbers[1] - 1))
    }

    private static func finalKey(_ final: UInt8, parameters: [Int?]) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "~"):
            switch parameters.first ?? nil {
            case 1, 7: return .home
            case 4, 8: return .end
            case 3: return .delete
            case 5: return .pageUp
            case 6: return .pageDown
            default: return nil
            }
        default: return nil
        }
    }

    private static func decodeUTF8(_ bytes: [UInt8], at index: Int) -> (Key?, Int)? {
        let lead = bytes[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var cursor = index + 1
        while cursor < index + length {
            guard cursor < bytes.count else { return nil }  // the rest is still to come
            guard bytes[cursor] & 0xC0 == 0x80 else { return (nil, cursor - index) }  // broken: skip it
            cursor += 1
        }
        var decoder = UTF8()
        var iterator = bytes[index..<cursor].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return (nil, length) }
        return (.character(Character(scalar)), length)
    }
}

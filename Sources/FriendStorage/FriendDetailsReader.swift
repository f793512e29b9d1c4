import FriendsAPI

/// Reads a details column as `FriendDetails.encoded` writes it (JSONEncoder's compact output: no
/// spaces, strings with its escapes) straight into a friend's fields. `JSONDecoder` took a quarter
/// of a list page's time reading this column for every row; anything this reader does not expect
/// makes it give up, and the caller falls back to `JSONDecoder`.
struct FriendDetailsReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// `friend` with the column's details, or `nil` if the column is not in the expected shape.
    mutating func read(into friend: Friend) -> Friend? {
        var friend = friend
        let complete = object { reader, key in
            switch key {
            case "organization": return reader.string().map { friend.organization = $0 } != nil
            case "birthday": return reader.string().map { friend.birthday = $0 } != nil
            case "uid": return reader.string().map { friend.uid = $0 } != nil
            case "photo": return reader.boolean().map { friend.photo = $0 } != nil
            case "phones": return reader.labeledValues().map { friend.phones = $0 } != nil
            case "emails": return reader.labeledValues().map { friend.emails = $0 } != nil
            case "addresses": return reader.addresses().map { friend.addresses = $0 } != nil
            default: return false
            }
        }
        return complete && index == bytes.count ? friend : nil
    }

    private mutating func labeledValues() -> [LabeledValue]? {
        array { reader in
            var entry = LabeledValue(label: "", value: "")
            let complete = reader.object { reader, key in
                switch key {
                case "label": return reader.string().map { entry.label = $0 } != nil
                case "value": return reader.string().map { entry.value = $0 } != nil
                default: return false
                }
            }
            return complete ? entry : nil
        }
    }

    private mutating func addresses() -> [PostalAddress]? {
        array { reader in
            var address = PostalAddress()
            let complete = reader.object { reader, key in
                guard let value = reader.string() else { return false }
                switch key {
                case "label": address.label = value
                case "street": address.street = value
                case "city": address.city = value
                case "region": address.region = value
                case "postcode": address.postcode = value
                case "country": address.country = value
                default: return false
                }
                return true
            }
            return complete ? address : nil
        }
    }

    /// `{"key":value,…}`, each value read by `member`, which answers whether it could.
    private mutating func object(_ member: (inout Self, String) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = string(), take(UInt8(ascii: ":")), member(&self, key) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    private mutating func array<Element>(_ element: (inout Self) -> Element?) -> [Element]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var elements: [Element] = []
        if take(UInt8(ascii: "]")) { return elements }
        repeat {
            guard let next = element(&self) else { return nil }
            elements.append(next)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? elements : nil
    }

    private mutating func boolean() -> Bool? {
        if take("true") { return true }
        if take("false") { return false }
        return nil
    }

    /// A JSON string. Runs without escapes are decoded in one piece; escapes (`\"`, `\\`, `\/`, the
    /// control letters and `\uXXXX`, surrogate pairs included) one by one.
    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        var result = ""
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                result += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self)
                index += 1
                return result
            }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            result += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self)
            index += 1
            guard let escaped = escape() else { return nil }
            result.unicodeScalars.append(escaped)
            runStart = index
        }
        return nil
    }

    private mutating func escape() -> Unicode.Scalar? {
        guard index < bytes.count else { return nil }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(letter)
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            guard let unit = hexUnit() else { return nil }
            guard UTF16.isLeadSurrogate(unit) else { return Unicode.Scalar(unit) }
            guard take("\\u"), let trail = hexUnit(), UTF16.isTrailSurrogate(trail) else { return nil }
            return Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(trail) - 0xDC00))
        default: return nil
        }
    }

    private mutating func hexUnit() -> UInt16? {
        guard index + 4 <= bytes.count else { return nil }
        var unit: UInt16 = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = hexDigit(byte) else { return nil }
            unit = unit << 4 | UInt16(digit)
        }
        index += 4
        return unit
    }

    private func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func take(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
            UnsafeBufferPointer(start: word.utf8Start, count: count).elementsEqual(bytes[index..<index + count])
        else { return false }
        index += count
        return true
    }
}

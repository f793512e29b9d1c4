/// Cuts a vCard down to the properties an `address-data` element names (RFC 6352 section 10.4).
enum VCardSubset {
    /// Always kept, so that what is returned is still a vCard.
    static let structural: Set<String> = ["BEGIN", "END", "VERSION"]

    /// Keeps whole content lines (with their folded continuations and line ends, byte for byte)
    /// whose property name, without a group prefix, is in `names`. Works on bytes: as a String,
    /// CR LF is one Character and would not split on LF.
    static func keep(_ names: Set<String>, of card: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var keeping = false
        var start = 0
        while start < card.count {
            let end = card[start...].firstIndex(of: 0x0A).map { $0 + 1 } ?? card.count
            let line = card[start..<end]
            let isContinuation = line.first == 0x20 || line.first == 0x09
            if !isContinuation {
                let nameEnd = line.firstIndex { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ";") } ?? line.endIndex
                let qualified = String(decoding: line[..<nameEnd], as: UTF8.self)
                let name = (qualified.split(separator: ".").last.map(String.init) ?? "").uppercased()
                keeping = structural.contains(name) || names.contains(name)
            }
            if keeping { result += line }
            start = end
        }
        return result
    }
}

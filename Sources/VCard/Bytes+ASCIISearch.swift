extension [UInt8] {
    /// Whether `word` (capital letters and other ASCII) is in these bytes, its letters in any case.
    func containsASCII(caseInsensitive word: String) -> Bool {
        let pattern = Array(word.utf8)
        guard let first = pattern.first, count >= pattern.count else { return false }
        let matches = { (byte: UInt8, wanted: UInt8) in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(wanted) ? byte & 0xDF == wanted : byte == wanted
        }
        for start in 0...(count - pattern.count) where matches(self[start], first) {
            if zip(self[start...], pattern).allSatisfy(matches) { return true }
        }
        return false
    }
}

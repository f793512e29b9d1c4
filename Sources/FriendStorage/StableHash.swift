/// FNV-1a over bytes: a hash that stays the same from run to run (Swift's `Hasher` is seeded per
/// process), for names and tags that must come out alike every time.
package enum StableHash {
    package static func of(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

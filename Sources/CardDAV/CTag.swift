/// The CTag (`CS:getctag`, Apple's calendarserver extension), which Apple's Contacts and DAVx5
/// compare to learn whether to read the address book again: its cards or its name changed.
///
/// It is the sync token while the book shows the default name, and the sync token with a hash of
/// the name it shows otherwise (`…/sync/7-42#name-5d1c0f0ac7a8e3b2`): a rename moves it, and so
/// does any card, with no state kept anywhere. The sync token itself stays, as RFC 6578 makes it
/// the state of the members only: a rename lists no card in the next sync.
enum CTag {
    static func format(syncToken: String, shownName: String, defaultName: String) -> String {
        guard shownName != defaultName else { return syncToken }
        return syncToken + "#name-" + hex(fnv1a(Array(shownName.utf8)))
    }

    /// FNV-1a, 64 bits: the same in every process and on every machine sharing the database,
    /// unlike `Hasher`.
    private static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

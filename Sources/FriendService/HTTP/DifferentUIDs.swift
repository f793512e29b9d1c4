import FriendStorage
import VCard

/// A card with two different `UID`s: which one names it would be each reader's guess, and they
/// would differ. Two spellings of one UUID (with `urn:uuid:`, in capitals) are one `UID`, as everywhere.
struct DifferentUIDs: Error, CustomStringConvertible {
    var count: Int
    var description: String { "The card has \(count) different UIDs; a card has one (RFC 6350 6.7.6)." }

    static func check(_ card: VCard) throws(DifferentUIDs) {
        let different = Set(card.uids.map(UIDSpellings.key)).count
        if different > 1 { throw DifferentUIDs(count: different) }
    }
}

import Foundation
import FriendsAPI

/// The order the server lists friends in: last name, first name, then id; names compared
/// case- and accent-insensitively, byte by byte (as FriendService folds and sorts them), so a
/// friend that arrives from the live feed goes where the next load would put it.
struct FriendListOrder {
    /// True when `a` comes before `b` in the list.
    static func precedes(_ a: Friend, _ b: Friend) -> Bool {
        let (lastA, lastB) = (fold(a.lastname), fold(b.lastname))
        if lastA != lastB { return lastA.utf8.lexicographicallyPrecedes(lastB.utf8) }
        let (firstA, firstB) = (fold(a.firstname), fold(b.firstname))
        if firstA != firstB { return firstA.utf8.lexicographicallyPrecedes(firstB.utf8) }
        return a.id < b.id
    }

    private static func fold(_ name: String) -> String {
        FriendValidation.trim(name)
            .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .precomposedStringWithCanonicalMapping
    }
}

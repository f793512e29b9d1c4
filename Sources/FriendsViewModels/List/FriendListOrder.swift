import Foundation
import FriendsAPI

/// The order the server lists friends in: last name, first name, then id; names folded with
/// `NameFolding` and compared byte by byte, as FriendService sorts them, so a friend that arrives
/// from the live feed goes where the next load would put it.
struct FriendListOrder {
    /// True when `a` comes before `b` in the list.
    static func precedes(_ a: Friend, _ b: Friend) -> Bool {
        let (lastA, lastB) = (NameFolding.fold(a.sortingLastName), NameFolding.fold(b.sortingLastName))
        if lastA != lastB { return lastA.utf8.lexicographicallyPrecedes(lastB.utf8) }
        let (firstA, firstB) = (NameFolding.fold(a.firstname), NameFolding.fold(b.firstname))
        if firstA != firstB { return firstA.utf8.lexicographicallyPrecedes(firstB.utf8) }
        return a.id < b.id
    }
}

import FriendsAPI
import TestSupport
import Testing
@testable import FriendsViewModels

/// A friend placed by a live change goes where the server's next page would put it.
struct FriendListOrderTests {
    @Test func namesSortAsTheServerFoldsThem() {
        let lastnames = ["Turing", "Ødegaard", "García", "sharma", "Łukaszewicz", "Lovelace", "Æsir", "Hopper"]
        let friends = lastnames.enumerated().map { Friend(id: $0.offset + 1, firstname: "A", lastname: $0.element) }
        let sorted = friends.sorted(by: FriendListOrder.precedes).map(\.lastname)
        #expect(sorted == ["Æsir", "García", "Hopper", "Lovelace", "Łukaszewicz", "Ødegaard", "sharma", "Turing"])
    }

    @Test func equalNamesFallBackToTheId() {
        let first = Friend(id: 2, firstname: "Ada", lastname: "Lovelace")
        let second = Friend(id: 10, firstname: "ada", lastname: "LOVELACE")
        #expect(FriendListOrder.precedes(first, second))
        #expect(!FriendListOrder.precedes(second, first))
    }

    /// The loaded friends are in list order: the place a new friend goes is the one a walk from
    /// the top finds, however many are loaded, at the top, between two, or after them all.
    @Test func aNewFriendGoesBeforeTheFirstItPrecedes() {
        let names = ["Ødegaard", "García", "sharma", "Łukaszewicz", "Lovelace", "Æsir", "Hopper", "Turing", "lovelace", "Zuse"]
        var generator = SplitMix64(seed: 7)
        let loaded = (1...300).map { id in
            Friend(id: id * 2, firstname: names[Int(generator.next() % 10)], lastname: names[Int(generator.next() % 10)])
        }.sorted(by: FriendListOrder.precedes)
        var friends = LoadedFriends()
        friends.replace(with: FriendPage(items: loaded, nextCursor: nil))
        for id in 1...200 {
            let new = Friend(id: id * 2 + 1, firstname: names[Int(generator.next() % 10)], lastname: names[Int(generator.next() % 10)])
            let walked = loaded.firstIndex { FriendListOrder.precedes(new, $0) } ?? loaded.count
            #expect(friends.insertionIndex(for: new) == walked, "\(new.lastname), \(new.firstname)")
        }
        #expect(LoadedFriends().insertionIndex(for: loaded[0]) == 0)
    }
}

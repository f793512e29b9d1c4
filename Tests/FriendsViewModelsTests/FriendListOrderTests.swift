import FriendsAPI
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
}

import FriendsAPI
import FriendsClient
import FriendsViewModels

enum Fixtures {
    static let ada = Friend(id: 1, firstname: "Ada", lastname: "Lovelace", phonenumber: "0501234567", email: "ada@example.com", version: 1)
    static let charles = Friend(id: 2, firstname: "Charles", lastname: "Babbage", phonenumber: "+44 20 7946 0000", version: 1)
    static let grace = Friend(id: 3, firstname: "Grace", lastname: "Hopper", version: 1)
    static let alan = Friend(id: 4, firstname: "Alan", lastname: "Turing", version: 1)

    static func cells(_ friends: Friend...) -> [FriendsListCell] {
        friends.map { .normal(FriendCellViewModel(friend: $0)) }
    }

    static func page(_ friends: Friend..., next: String? = nil, total: Int? = nil) -> FriendPage {
        FriendPage(items: friends, nextCursor: next, total: total)
    }

    /// `friend` as stored after a change made elsewhere.
    static func changed(_ friend: Friend, _ change: (inout Friend) -> Void) -> Friend {
        var changed = friend
        change(&changed)
        changed.version = (friend.version ?? 0) + 1
        return changed
    }
}

/// Every failure a request can end with, except cancellation (which no screen shows).
let everyFailure: [AppServerError] = [
    .unauthorized, .notFound, .conflict, .invalid(message: "Bad.", fields: [:]),
    .server(status: 500, message: nil), .unreachable, .timedOut, .undecodable,
]

/// A status message that never times out by itself within a test.
let sleepForever: @Sendable (Duration) async throws -> Void = { _ in try await Task.sleep(for: .seconds(3600)) }

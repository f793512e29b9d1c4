import FriendsAPI
import FriendsClient
import FriendsViewModels

enum Fixtures {
    static let ada = Friend(id: 1, firstname: "Ada", lastname: "Lovelace", phonenumber: "0501234567", email: "ada@example.com")
    static let charles = Friend(id: 2, firstname: "Charles", lastname: "Babbage", phonenumber: "+44 20 7946 0000")
    static let grace = Friend(id: 3, firstname: "Grace", lastname: "Hopper")

    static func cells(_ friends: Friend...) -> [FriendsListCell] {
        friends.map { .normal(FriendCellViewModel(friend: $0)) }
    }

    static func page(_ friends: Friend..., next: String? = nil) -> FriendPage {
        FriendPage(items: friends, nextCursor: next)
    }
}

/// Every failure a request can end with, except cancellation (which no screen shows).
let everyFailure: [AppServerError] = [
    .unauthorized, .notFound, .conflict, .invalid(message: "Bad.", fields: [:]),
    .server(status: 500, message: nil), .unreachable, .timedOut, .undecodable,
]

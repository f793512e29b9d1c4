import Foundation

/// Paths of the API, relative to the server's base URL, read from the route table `FriendsEndpoint`.
public enum FriendsRoutes {
    public static let friends = FriendsEndpoint.listFriends.path()
    public static let health = FriendsEndpoint.health.path()
    public static let openAPI = FriendsEndpoint.openAPI.path()
    /// `GET`: the live change feed, Server-Sent Events of `FriendChange`.
    public static let events = FriendsEndpoint.friendEvents.path()
    /// Query parameter of `events`: the sequence to resume after (as `Last-Event-ID` does).
    public static let eventsAfter = "after"
    /// Query parameter of `events`: `false` ends the stream once what was missed is sent (a
    /// catch-up for clients that poll); `true`, the default, goes on with live changes.
    public static let eventsFollow = "follow"

    public static func friend(id: Int) -> String {
        FriendsEndpoint.getFriend.path(id: id)
    }

    public static func avatar(id: Int) -> String {
        FriendsEndpoint.getFriendAvatar.path(id: id)
    }

    /// The original iOS client's routes, kept byte-compatible.
    public enum Legacy {
        /// `GET`: every friend as a plain JSON array.
        public static let listFriends = FriendsEndpoint.legacyListFriends.path()
        /// `POST`: create; answers `201` with the created friend.
        public static let addFriend = FriendsEndpoint.legacyAddFriend.path()

        /// `PATCH` updates (answers the friend), `DELETE` removes (answers `200` with the removed friend).
        public static func editFriend(id: Int) -> String {
            FriendsEndpoint.legacyEditFriend.path(id: id)
        }
    }
}

/// Query parameters of `GET /friends`.
public struct FriendListQuery: Sendable, Equatable {
    public static let defaultLimit = 50
    public static let maximumLimit = 500

    public enum Name {
        public static let limit = "limit"
        public static let cursor = "cursor"
        public static let search = "q"
    }

    /// At most this many friends per page (1...500); the server's default when `nil`.
    public var limit: Int?
    /// `FriendPage.nextCursor` of the previous page; `nil` for the first page.
    public var cursor: String?
    /// Case-insensitive prefix of a first name, last name or phone number (digits); `nil` or empty for all.
    public var search: String?

    public init(limit: Int? = nil, cursor: String? = nil, search: String? = nil) {
        self.limit = limit
        self.cursor = cursor
        self.search = search
    }

    public var queryItems: [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let limit { items.append(URLQueryItem(name: Name.limit, value: String(limit))) }
        if let cursor { items.append(URLQueryItem(name: Name.cursor, value: cursor)) }
        if let search, !search.isEmpty { items.append(URLQueryItem(name: Name.search, value: search)) }
        return items
    }
}

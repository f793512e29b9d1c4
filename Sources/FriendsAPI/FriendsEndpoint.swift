import Foundation

/// Every route of the API, in one table: the server registers exactly these, the client builds its
/// paths from them, and the OpenAPI document is checked against them (its `operationId` is the case name).
public enum FriendsEndpoint: String, CaseIterable, Sendable {
    case listFriends, createFriend, getFriend, updateFriend, deleteFriend, getFriendAvatar
    /// Many vCards in one body; merged by `UID`.
    case importFriends
    /// The live change feed (Server-Sent Events).
    case friendEvents
    case health, openAPI
    /// The original iOS client's routes, kept byte-compatible.
    case legacyListFriends, legacyAddFriend, legacyEditFriend, legacyDeleteFriend

    /// The HTTP method, as written on the wire.
    public var method: String {
        switch self {
        case .listFriends, .getFriend, .getFriendAvatar, .friendEvents, .health, .openAPI, .legacyListFriends: "GET"
        case .createFriend, .importFriends, .legacyAddFriend: "POST"
        case .updateFriend, .legacyEditFriend: "PATCH"
        case .deleteFriend, .legacyDeleteFriend: "DELETE"
        }
    }

    /// The path with `{id}` where a friend's id goes, as the router and the OpenAPI document write it.
    public var pathPattern: String {
        switch self {
        case .listFriends, .createFriend: "/friends"
        case .getFriend, .updateFriend, .deleteFriend: "/friends/\(Self.idParameter)"
        case .getFriendAvatar: "/friends/\(Self.idParameter)/avatar"
        case .friendEvents: "/friends/events"
        case .importFriends: "/friends/import"
        case .health: "/health"
        case .openAPI: "/openapi.json"
        case .legacyListFriends: "/listFriends"
        case .legacyAddFriend: "/addFriend"
        case .legacyEditFriend, .legacyDeleteFriend: "/editFriend/\(Self.idParameter)"
        }
    }

    /// `/health` and the OpenAPI document answer without a token.
    public var needsToken: Bool {
        self != .health && self != .openAPI
    }

    /// The concrete path; `id` fills the `{id}` segment where the pattern has one.
    public func path(id: Int? = nil) -> String {
        guard let id else { return pathPattern }
        return pathPattern.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0 == Self.idParameter ? String(id) : String($0) }
            .joined(separator: "/")
    }

    public static let idParameter = "{id}"
}

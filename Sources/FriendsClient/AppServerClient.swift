import Foundation
import FriendsAPI
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The HTTP client of FriendService: one async method per route, each throwing one `AppServerError`.
public struct AppServerClient: FriendsProviding {
    /// Where FriendService listens, e.g. `http://127.0.0.1:8080`; a path prefix is kept.
    public let baseURL: URL
    /// Sent as `Authorization` with every request when set.
    public let credentials: Credentials?
    /// Seconds to wait for a response before failing with `.timedOut`.
    public let timeout: TimeInterval
    let transport: any HTTPTransport
    /// Carries the live change feed (`changes(after:)`).
    let eventTransport: any EventStreamTransport

    public init(
        baseURL: URL,
        credentials: Credentials? = nil,
        timeout: TimeInterval = 30,
        transport: any HTTPTransport = URLSessionTransport(),
        eventTransport: any EventStreamTransport = URLSessionEventStreamTransport()
    ) {
        self.baseURL = baseURL
        self.credentials = credentials
        self.timeout = timeout
        self.transport = transport
        self.eventTransport = eventTransport
    }

    /// A client that sends `token`, when there is one, as `Authorization: Bearer <token>`.
    public init(
        baseURL: URL,
        token: String?,
        timeout: TimeInterval = 30,
        transport: any HTTPTransport = URLSessionTransport(),
        eventTransport: any EventStreamTransport = URLSessionEventStreamTransport()
    ) {
        self.init(
            baseURL: baseURL, credentials: token.map(Credentials.token), timeout: timeout,
            transport: transport, eventTransport: eventTransport
        )
    }

    public func friends(_ query: FriendListQuery = FriendListQuery()) async throws(AppServerError) -> FriendPage {
        let (data, _) = try await send(.get, FriendsRoutes.friends, query: query.queryItems)
        return try decode(FriendPage.self, from: data)
    }

    public func friend(id: Int) async throws(AppServerError) -> Versioned<Friend> {
        let (data, response) = try await send(.get, FriendsRoutes.friend(id: id))
        return Versioned(try decode(Friend.self, from: data), eTag: response.eTag)
    }

    public func addFriend(_ friend: NewFriend) async throws(AppServerError) -> Versioned<Friend> {
        let (data, response) = try await send(.post, FriendsRoutes.friends, body: try encode(friend))
        return Versioned(try decode(Friend.self, from: data), eTag: response.eTag)
    }

    public func updateFriend(
        id: Int,
        with update: FriendUpdate,
        ifMatch eTag: String? = nil
    ) async throws(AppServerError) -> Versioned<Friend> {
        let (data, response) = try await send(
            .patch, FriendsRoutes.friend(id: id), body: try encode(update), ifMatch: eTag
        )
        return Versioned(try decode(Friend.self, from: data), eTag: response.eTag)
    }

    /// Succeeds on any 2xx, whatever the body (204 here; the original routes answer 200 with JSON).
    public func deleteFriend(id: Int, ifMatch eTag: String? = nil) async throws(AppServerError) {
        _ = try await send(.delete, FriendsRoutes.friend(id: id), ifMatch: eTag)
    }

    public func avatar(id: Int) async throws(AppServerError) -> Data {
        let (data, _) = try await send(.get, FriendsRoutes.avatar(id: id), accept: "image/svg+xml, image/*")
        return data
    }
}

import FriendsAPI
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FriendService

struct AuthorizationTests {
    static let apiRoutes: [(HTTPRequest.Method, String)] = [
        (.get, "/friends"), (.post, "/friends"), (.get, "/friends/1"), (.patch, "/friends/1"), (.delete, "/friends/1"),
        (.get, "/friends/1/avatar"), (.get, "/listFriends"), (.post, "/addFriend"), (.patch, "/editFriend/1"),
        (.delete, "/editFriend/1"),
    ]

    @Test(arguments: [nil, "Bearer wrong", "Basic c2VjcmV0", "Bearer", "secret", "Bearer secret2"])
    func everyAPIRouteNeedsTheToken(authorization: String?) async throws {
        try await TestApp.run(token: "secret") { client, store in
            for (method, path) in Self.apiRoutes {
                var headers = HTTPFields()
                if let authorization { headers[.authorization] = authorization }
                let response = try await client.send(method, path, json: #"{"firstname": "A", "lastname": "B"}"#, headers: headers)
                #expect(response.status == .unauthorized, "\(method) \(path)")
                #expect(response.headers[.wwwAuthenticate] == "Bearer")
                _ = try response.envelope
            }
            #expect(try await store.all().isEmpty)
        }
    }

    @Test func theRightTokenOpensEveryRoute() async throws {
        try await TestApp.run(token: "secret") { client, _ in
            let headers: HTTPFields = [.authorization: FriendsHTTPHeader.bearer("secret")]
            let created = try await client.send(.post, "/friends", json: #"{"firstname": "A", "lastname": "B"}"#, headers: headers)
            #expect(created.status == .created)
            #expect(try await client.send(.get, "/friends", headers: headers).status == .ok)
            #expect(try await client.send(.get, "/listFriends", headers: headers).status == .ok)
            let avatar = try await client.send(.get, "/friends/1/avatar", headers: headers)
            #expect(avatar.headers[.cacheControl] == "private, no-cache")
            #expect(avatar.headers[values: .vary].contains("Authorization"))
        }
    }

    @Test func healthAndTheOpenAPIDocumentStayOpen() async throws {
        try await TestApp.run(token: "secret") { client, _ in
            let health = try await client.send(.get, "/health")
            #expect(health.status == .ok)
            let document = try await client.send(.get, "/openapi.json")
            #expect(document.status == .ok)
        }
    }
}

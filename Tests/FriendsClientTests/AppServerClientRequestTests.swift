import Foundation
import FriendsAPI
import Testing
@testable import FriendsClient
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What each operation sends, checked against a fake transport.
@Suite(.timeLimit(.minutes(3))) struct AppServerClientRequestTests {
    static let adaJSON = #"{"id":1,"firstname":"Ada","lastname":"Lovelace","phonenumber":"0501234567","email":"","about":""}"#
    static let ada = Friend(id: 1, firstname: "Ada", lastname: "Lovelace", phonenumber: "0501234567")

    func client(_ transport: FakeTransport, base: String = "http://127.0.0.1:8080", token: String? = nil) -> AppServerClient {
        AppServerClient(baseURL: URL(string: base)!, token: token, transport: transport)
    }

    func body(of request: URLRequest?) -> [String: String]? {
        guard let data = request?.httpBody else { return nil }
        return try? JSONDecoder().decode([String: String].self, from: data)
    }

    @Test func listingAsksForThePageWithAStrictlyEncodedQuery() async throws {
        let transport = FakeTransport(.json(#"{"items":[\#(Self.adaJSON)],"nextCursor":"abc+/="}"#))

        let page = try await client(transport).friends(FriendListQuery(limit: 2, cursor: "x+y/z=", search: "+358 ä&b"))

        #expect(page == FriendPage(items: [Self.ada], nextCursor: "abc+/="))
        let request = try #require(await transport.lastRequest)
        #expect(request.httpMethod == "GET")
        #expect(request.url?.absoluteString
            == "http://127.0.0.1:8080/friends?limit=2&cursor=x%2By%2Fz%3D&q=%2B358%20%C3%A4%26b")
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(request.httpBody == nil)
    }

    @Test func searchingAsksForTheFirstPageOfMatchesAndReadsTheirCount() async throws {
        let transport = FakeTransport(.json(#"{"items":[],"nextCursor":null,"total":0}"#))

        let page = try await client(transport).friends(FriendListQuery(search: "ada"))

        #expect(page == FriendPage(items: [], nextCursor: nil, total: 0))
        #expect(await transport.lastRequest?.url?.absoluteString == "http://127.0.0.1:8080/friends?q=ada")
    }

    @Test func aBaseURLWithAPathKeepsIt() async throws {
        let transport = FakeTransport(.json(Self.adaJSON, headers: ["ETag": "\"1-1\""]))

        _ = try await client(transport, base: "https://example.com/api/").friend(id: 1)

        #expect(await transport.lastRequest?.url?.absoluteString == "https://example.com/api/friends/1")
    }

    @Test func aPasswordIsSentAsBasicWithEveryRequest() async throws {
        let transport = FakeTransport(.json(Self.adaJSON))
        let client = AppServerClient(
            baseURL: URL(string: "http://127.0.0.1:8080")!, credentials: .password(user: "alice", password: "pä:ss"), transport: transport
        )

        _ = try await client.friend(id: 1)
        // base64 of the UTF-8 of "alice:pä:ss": only the first colon separates the name.
        #expect(await transport.lastRequest?.value(forHTTPHeaderField: "Authorization") == "Basic YWxpY2U6cMOkOnNz")
        _ = try? await client.deleteFriend(id: 1)
        #expect(await transport.lastRequest?.value(forHTTPHeaderField: "Authorization") == "Basic YWxpY2U6cMOkOnNz")
    }

    @Test func credentialsNeverShowTheirSecret() {
        #expect("\(Credentials.password(user: "alice", password: "s3cret"))" == "the password of alice")
        #expect(!"\(Credentials.token("s3cret"))".contains("s3cret"))
    }

    @Test func theTokenIsSentAsABearer() async throws {
        let transport = FakeTransport(.json(Self.adaJSON))

        _ = try await client(transport, token: "s3cret").friend(id: 1)

        #expect(await transport.lastRequest?.value(forHTTPHeaderField: "Authorization") == "Bearer s3cret")
    }

    @Test func gettingAFriendReturnsItsTag() async throws {
        let transport = FakeTransport(.json(Self.adaJSON, headers: ["ETag": "\"1-3\""]))

        let friend = try await client(transport).friend(id: 1)

        #expect(friend == Versioned(Self.ada, eTag: "\"1-3\""))
        #expect(await transport.lastRequest?.httpMethod == "GET")
    }

    @Test func addingPostsTheFriendAndReturnsItWithItsTag() async throws {
        let transport = FakeTransport(.json(Self.adaJSON, status: 201, headers: ["ETag": "\"1-1\"", "Location": "/friends/1"]))

        let added = try await client(transport).addFriend(NewFriend(firstname: "Ada", lastname: "Lovelace", phonenumber: "0501234567"))

        #expect(added == Versioned(Self.ada, eTag: "\"1-1\""))
        let request = try #require(await transport.lastRequest)
        #expect(request.httpMethod == "POST")
        #expect(request.url?.path == "/friends")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(body(of: request) == [
            "firstname": "Ada", "lastname": "Lovelace", "phonenumber": "0501234567", "email": "", "about": "",
        ])
    }

    @Test func updatingPatchesOnlyThePresentFieldsWithIfMatch() async throws {
        let transport = FakeTransport(.json(Self.adaJSON, headers: ["ETag": "\"1-2\""]))

        let saved = try await client(transport).updateFriend(id: 1, with: FriendUpdate(lastname: "Lovelace"), ifMatch: "\"1-1\"")

        #expect(saved == Versioned(Self.ada, eTag: "\"1-2\""))
        let request = try #require(await transport.lastRequest)
        #expect(request.httpMethod == "PATCH")
        #expect(request.url?.path == "/friends/1")
        #expect(request.value(forHTTPHeaderField: "If-Match") == "\"1-1\"")
        #expect(body(of: request) == ["lastname": "Lovelace"])
    }

    @Test func updatingWithoutATagSendsNoIfMatch() async throws {
        let transport = FakeTransport(.json(Self.adaJSON))

        _ = try await client(transport).updateFriend(id: 1, with: FriendUpdate(about: "x"))

        #expect(await transport.lastRequest?.value(forHTTPHeaderField: "If-Match") == nil)
    }

    /// The original client treated a successful delete as a failure.
    @Test(arguments: [
        FakeTransport.Answer.response(status: 204),
        .json(adaJSON, status: 200),
    ])
    func aDeleteAnsweredWithAnySuccessSucceeds(answer: FakeTransport.Answer) async throws {
        let transport = FakeTransport(answer)

        try await client(transport).deleteFriend(id: 1, ifMatch: "\"1-1\"")

        let request = try #require(await transport.lastRequest)
        #expect(request.httpMethod == "DELETE")
        #expect(request.url?.path == "/friends/1")
        #expect(request.value(forHTTPHeaderField: "If-Match") == "\"1-1\"")
    }

    @Test func theAvatarIsReturnedAsBytes() async throws {
        let svg = Data("<svg/>".utf8)
        let transport = FakeTransport(.response(status: 200, headers: ["Content-Type": "image/svg+xml"], body: svg))

        let avatar = try await client(transport).avatar(id: 1)

        #expect(avatar == svg)
        let request = try #require(await transport.lastRequest)
        #expect(request.url?.path == "/friends/1/avatar")
        #expect(request.value(forHTTPHeaderField: "Accept") == "image/svg+xml, image/*")
    }
}

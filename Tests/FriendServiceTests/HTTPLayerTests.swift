import Foundation
import HTTPServerKit
import FriendsAPI
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FriendService

/// What the HTTP layer refuses or answers before a handler runs, checked without a socket.
struct HTTPLayerTests {
    static let ada = #"{"firstname": "Ada", "lastname": "Lovelace"}"#
    static let loopbackCheck = HostCheckMiddleware<BasicRequestContext>(
        acceptedNames: HostCheckMiddleware<BasicRequestContext>.loopbackNames(and: "127.0.0.1"),
        passesRequestsWithoutHost: true, refuse: { Response(status: .misdirectedRequest) }
    )

    @Test(arguments: [nil, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx"])
    func bodiesThatAreNotJSONGet415AndWriteNothing(contentType: String?) async throws {
        try await TestApp.run { client, store in
            let (created, _) = try await client.createFriend()
            for (method, path) in [(HTTPRequest.Method.post, "/friends"), (.post, "/addFriend"), (.patch, "/friends/\(created.id)"), (.patch, "/editFriend/\(created.id)")] {
                var headers = HTTPFields()
                if let contentType { headers[.contentType] = contentType }
                let response = try await client.execute(uri: path, method: method, headers: headers, body: ByteBuffer(string: Self.ada))
                #expect(response.status == .unsupportedMediaType, "\(method) \(path)")
                #expect(try response.envelope.fields["Content-Type"] == "Must be application/json.")
            }
            #expect(try await store.all().map(\.versionedFriend) == [created])
        }
    }

    @Test(arguments: ["application/json", "application/json; charset=utf-8", "Application/JSON;charset=UTF-8"])
    func jsonBodiesAreAccepted(contentType: String) async throws {
        try await TestApp.run { client, _ in
            let response = try await client.execute(
                uri: "/friends", method: .post, headers: [.contentType: contentType], body: ByteBuffer(string: Self.ada)
            )
            #expect(response.status == .created)
        }
    }

    @Test(arguments: ["localhost", "localhost:8080", "LOCALHOST:1", "LocalHost:8080", "127.0.0.1", "127.0.0.1:8080", "[::1]", "[::1]:8080"])
    func loopbackHostNamesAreAnswered(host: String) {
        #expect(Self.loopbackCheck.accepts(host))
    }

    @Test(arguments: ["evil.example", "evil.example:8080", "localhost.evil.example", "127.0.0.1.nip.io", "127.0.0.2", "::1", "localhost:", "localhost:80x", "localhost:\u{FF18}\u{FF10}", "\u{FF4C}ocalhost", "[::1]x"])
    func otherHostNamesAreRefused(host: String) {
        #expect(!Self.loopbackCheck.accepts(host))
    }

    @Test func headAnswersWhereGetDoesWithoutABody() async throws {
        try await TestApp.run { client, _ in
            let (created, eTag) = try await client.createFriend()
            for path in ["/friends", "/friends/\(created.id)", "/friends/\(created.id)/avatar", "/listFriends", "/health", "/openapi.json"] {
                let get = try await client.send(.get, path)
                let head = try await client.send(.head, path)
                #expect(head.status == .ok, "\(path)")
                #expect(head.body.readableBytes == 0, "\(path)")
                #expect(head.headers[.contentType] == get.headers[.contentType], "\(path)")
            }
            #expect(try await client.send(.head, "/friends/\(created.id)").headers[.eTag] == eTag)
            #expect(try await client.send(.head, "/friends/\(created.id + 1)").status == .notFound)
        }
    }

    @Test func methodNotAllowedListsHeadWhereGetIsServed() async throws {
        try await TestApp.run { client, _ in
            let response = try await client.send(.put, "/friends")
            #expect(response.status == .methodNotAllowed)
            #expect(response.headers[.allow] == "GET, HEAD, POST")
            #expect(try await client.send(.put, "/addFriend").headers[.allow] == "POST")
        }
    }

    @Test(arguments: ["01", "+1", "001", "1.0", " 1", "1e0", "0x1", "99999999999999999999"])
    func idsWrittenAmbiguouslyAre400(id: String) async throws {
        try await TestApp.run { client, store in
            let (created, _) = try await client.createFriend()
            #expect(created.id == 1)
            let encoded = id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["+"])) ?? id
            for (method, path) in [(HTTPRequest.Method.get, "/friends/\(encoded)"), (.patch, "/friends/\(encoded)"), (.delete, "/editFriend/\(encoded)")] {
                let response = try await client.send(method, path, json: #"{"about": "x"}"#)
                #expect(response.status == .badRequest, "\(method) \(path)")
                #expect(try response.envelope.fields["id"] == "Must be a whole number up to 9223372036854775807.")
            }
            #expect(try await store.all().map(\.versionedFriend) == [created])
        }
    }

    @Test func aPercentEscapedIdIsTheIdItSpells() async throws {
        try await TestApp.run { client, _ in
            let (created, _) = try await client.createFriend()
            let response = try await client.send(.get, "/friends/%31")
            #expect(response.status == .ok)
            #expect(try JSONDecoder().decode(Friend.self, from: Data(buffer: response.body)) == created)
        }
    }

    @Test(arguments: [
        #"{"firstname": "Ada", "firstname": "Grace", "lastname": "Lovelace"}"#,
        #"{"firstname": "Ada", "lastname": "Lovelace", "fir\u0073tname": "Grace"}"#,
    ])
    func duplicateKeysAre400(body: String) async throws {
        try await TestApp.run { client, store in
            let response = try await client.send(.post, "/friends", json: body)
            #expect(response.status == .badRequest)
            #expect(try response.envelope.fields == ["firstname": "Given more than once."])
            #expect(try await store.all().isEmpty)
        }
    }

    @Test func namesAreCountedInCodePointsAsTheSchemaCountsThem() async throws {
        try await TestApp.run { client, store in
            let decomposed = String(repeating: "e\u{301}", count: 100)
            let refused = try await client.send(.post, "/friends", json: #"{"firstname": "\#(decomposed)", "lastname": "L"}"#)
            #expect(refused.status == .badRequest)
            #expect(try refused.envelope.fields["firstname"] == "First name must be at most 100 characters.")
            let precomposed = String(repeating: "\u{e9}", count: 100)
            let accepted = try await client.send(.post, "/friends", json: #"{"firstname": "\#(precomposed)", "lastname": "L"}"#)
            #expect(accepted.status == .created)
            #expect(try await store.all().map(\.friend.firstname) == [precomposed])
        }
    }
}

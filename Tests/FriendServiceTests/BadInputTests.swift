import Foundation
import FriendsAPI
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FriendService

/// Bad input always gets a 4xx with the JSON envelope, never a 500, and never writes a row.
struct BadInputTests {
    static let malformedBodies: [String] = [
        "", " ", "{", "}", "[]", "null", "true", "42", "\"Ada\"", "{\"firstname\": }", "{\"firstname\" \"Ada\"}",
        "{'firstname': 'Ada'}", "{\"firstname\": \"Ada\",}", "[{\"firstname\": \"Ada\", \"lastname\": \"L\"}]",
        "{\"firstname\": \"Ada\", \"lastname\": \"L\"", "{\"firstname\": \"A\\u0000da\", \"lastname\": \"L\"}",
        "{\"firstname\": \"\\ud800\", \"lastname\": \"L\"}", String(repeating: "[", count: 5_000),
        "{\"firstname\": 1, \"lastname\": 2}", "{\"firstname\": null, \"lastname\": null}",
        "{\"firstname\": [\"Ada\"], \"lastname\": {\"x\": 1}}", "{\"firstname\": true, \"lastname\": 1.5e308}",
        "{\"firstName\": \"Ada\", \"lastName\": \"Lovelace\"}", "{\"firstname\": \"Ada\\nLovelace\", \"lastname\": \"L\"}",
        "{\"firstname\": \"Ada\", \"lastname\": \"L\", \"phonenumber\": \"call me\"}",
        "{\"firstname\": \"Ada\", \"lastname\": \"L\", \"email\": \"not an address\"}",
        "\u{FEFF}{\"firstname\": 1}", "{\"firstname\": \"Ada\", \"lastname\": \"L\", \"about\": 7}",
    ]

    @Test(arguments: malformedBodies)
    func aMalformedCreateGetsTheEnvelopeAndWritesNothing(body: String) async throws {
        try await TestApp.run { client, store in
            for path in ["/friends", "/addFriend"] {
                let response = try await client.send(.post, path, json: body)
                #expect(response.status == .badRequest, "\(path) \(body.prefix(40))")
                #expect(!(try response.envelope.message.isEmpty))
            }
            #expect(try await store.all().isEmpty)
        }
    }

    @Test(arguments: malformedBodies)
    func aMalformedUpdateGetsTheEnvelopeAndChangesNothing(body: String) async throws {
        try await TestApp.run { client, store in
            let (created, _) = try await client.createFriend()
            for path in ["/friends/\(created.id)", "/editFriend/\(created.id)"] {
                let response = try await client.send(.patch, path, json: body)
                #expect(response.status == .badRequest, "\(path) \(body.prefix(40))")
                _ = try response.envelope
            }
            #expect(try await store.friend(id: created.id)?.versionedFriend == created)
        }
    }

    @Test func invalidUTF8IsRejected() async throws {
        try await TestApp.run { client, store in
            let bytes: [UInt8] = Array(#"{"firstname": ""#.utf8) + [0xFF, 0xFE] + Array(#"", "lastname": "L"}"#.utf8)
            let response = try await client.send(.post, "/friends", bytes: bytes)
            #expect(response.status == .badRequest)
            _ = try response.envelope
            #expect(try await store.all().isEmpty)
        }
    }

    @Test func aCompressedBodyIs415NamingTheCodingAndWritesNothing() async throws {
        try await TestApp.run { client, store in
            let json = try await client.send(.post, "/friends", json: #"{"firstname": "A", "lastname": "B"}"#, headers: [.contentEncoding: "gzip"])
            #expect(json.status == .unsupportedMediaType)
            #expect(json.headers[.acceptEncoding] == "identity")
            #expect(try json.envelope.message.contains("Content-Encoding gzip"))
            let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nEND:VCARD\r\n"
            let cards = try await client.execute(uri: "/friends/import", method: .post,
                                                 headers: [.contentType: "text/vcard", .contentEncoding: "br"], body: ByteBuffer(string: card))
            #expect(cards.status == .unsupportedMediaType)
            #expect(try await store.all().isEmpty)
            let plain = try await client.send(.post, "/friends", json: #"{"firstname": "A", "lastname": "B"}"#, headers: [.contentEncoding: "identity"])
            #expect(plain.status == .created)
        }
    }

    @Test func everyFailedFieldIsNamedInOneResponse() async throws {
        try await TestApp.run { client, _ in
            let response = try await client.send(
                .post, "/friends",
                json: #"{"lastname": 7, "phonenumber": "call me", "email": "x@", "about": null, "nickname": "A", "phones": [{"value": 5}]}"#
            )
            #expect(response.status == .badRequest)
            let envelope = try response.envelope
            #expect(envelope.message == "Some fields are not valid.")
            #expect(envelope.fields == [
                "firstname": FriendValidation.nameMissingMessage,
                "organization": FriendValidation.nameMissingMessage,
                "lastname": "Last name must be a string, not a number.",
                "phonenumber": FriendValidation.message(for: .phonenumber, value: "call me"),
                "phones": "Entry 1: \"value\" must be a string, not a number.",
                "email": "Email must be empty or an address like name@example.com.",
                "about": "About must be a string, not null.",
                "nickname": "Unknown field.",
            ])
        }
    }

    @Test func anOversizedBodyGets413AndWritesNothing() async throws {
        try await TestApp.run { client, store in
            let about = String(repeating: "a", count: 70_000)
            let response = try await client.send(.post, "/friends", json: #"{"firstname": "A", "lastname": "B", "about": "\#(about)"}"#)
            #expect(response.status == .contentTooLarge)
            _ = try response.envelope
            #expect(try await store.all().isEmpty)
        }
    }

    @Test(arguments: ["abc", "1.5", "99999999999999999999999", "%20", "1e3", "0x10"])
    func aNonNumericIdGets400NamingTheId(id: String) async throws {
        try await TestApp.run { client, _ in
            for (method, path) in [
                (HTTPRequest.Method.get, "/friends/\(id)"), (.patch, "/friends/\(id)"), (.delete, "/friends/\(id)"),
                (.get, "/friends/\(id)/avatar"), (.patch, "/editFriend/\(id)"), (.delete, "/editFriend/\(id)"),
            ] {
                let response = try await client.send(method, path, json: method == .patch ? #"{"about": ""}"# : nil)
                #expect(response.status == .badRequest, "\(method) \(path)")
                #expect(try response.envelope.fields["id"] != nil)
            }
        }
    }

    @Test(arguments: ["0", "-1", "42"])
    func anUnknownIdGets404(id: String) async throws {
        try await TestApp.run { client, _ in
            for (method, path) in [
                (HTTPRequest.Method.get, "/friends/\(id)"), (.patch, "/friends/\(id)"), (.delete, "/friends/\(id)"),
                (.patch, "/editFriend/\(id)"), (.delete, "/editFriend/\(id)"),
            ] {
                let response = try await client.send(method, path, json: method == .patch ? #"{"about": ""}"# : nil)
                #expect(response.status == .notFound, "\(method) \(path)")
                _ = try response.envelope
            }
        }
    }

    @Test(arguments: [
        ("limit=0", "limit"), ("limit=501", "limit"), ("limit=abc", "limit"), ("limit=", "limit"),
        ("cursor=nonsense", "cursor"), ("cursor=eyJ4IjoxfQ", "cursor"), ("q=%07", "q"),
        ("q=ada&q=grace", "q"), ("limit=5&q=a&limit=5", "limit"), ("cursor=&cursor=x", "cursor"),
        ("limit=01", "limit"), ("limit=+1", "limit"),
    ])
    func badListParametersGet400NamingTheParameter(query: String, field: String) async throws {
        try await TestApp.run { client, _ in
            let response = try await client.send(.get, "/friends?\(query)")
            #expect(response.status == .badRequest)
            #expect(try response.envelope.fields[field] != nil)
        }
    }

    @Test func unknownRoutesGet404AndWrongMethods405WithTheEnvelope() async throws {
        try await TestApp.run { client, _ in
            let missing = try await client.send(.get, "/nope")
            #expect(missing.status == .notFound)
            _ = try missing.envelope
            let wrongMethod = try await client.send(.put, "/friends/1", json: "{}")
            #expect(wrongMethod.status == .methodNotAllowed)
            #expect(wrongMethod.headers[.allow] == "DELETE, GET, HEAD, PATCH")
            _ = try wrongMethod.envelope
            let legacy = try await client.send(.get, "/editFriend/1")
            #expect(legacy.status == .methodNotAllowed)
            #expect(legacy.headers[.allow] == "DELETE, PATCH")
        }
    }

    @Test func allowNamesTheMethodsOfTheRouteAPathNamesLiterally() async throws {
        try await TestApp.run { client, _ in
            // `/friends/events` is the feed's path, not a friend's, though `/friends/{id}` could match it.
            for method in [HTTPRequest.Method.post, .delete, .patch, .options] {
                let response = try await client.send(method, "/friends/events", json: "{}")
                #expect(response.status == .methodNotAllowed, "\(method)")
                #expect(response.headers[.allow] == "GET, HEAD", "\(method)")
            }
            let friend = try await client.send(.options, "/friends/abc")
            #expect(friend.headers[.allow] == "DELETE, GET, HEAD, PATCH")
        }
    }
}

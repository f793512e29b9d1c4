import Foundation
import FriendStorage
import FriendsAPI
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FriendService

/// Two people on one server: nothing of one is readable, changeable, searchable or countable by
/// the other, through any route, and another's friend answers as one that does not exist.
struct AccountIsolationTests {
    typealias App = AccountsTestApp
    static let depth1: HTTPFields = [HTTPField.Name("Depth")!: "1"]

    private func create(_ client: any TestClientProtocol, as name: String, _ first: String = "Ada") async throws -> Friend {
        let response = try await client.send(.post, "/friends", json: #"{"firstname": "\#(first)", "lastname": "Lovelace"}"#, headers: App.basic(name))
        #expect(response.status == .created)
        return try response.decode(Friend.self)
    }

    @Test func anotherPersonsFriendIsAFriendThatDoesNotExist() async throws {
        try await App.run { server in
            let client = server.http
            let ada = try await create(client, as: "alice")
            let bob = App.basic("bob")
            let routes: [(HTTPRequest.Method, String, String?)] = [
                (.get, "/friends/\(ada.id)", nil),
                (.patch, "/friends/\(ada.id)", #"{"firstname": "Mallory"}"#),
                (.delete, "/friends/\(ada.id)", nil),
                (.get, "/friends/\(ada.id)/avatar", nil),
                (.patch, "/editFriend/\(ada.id)", #"{"firstname": "Mallory"}"#),
                (.delete, "/editFriend/\(ada.id)", nil),
            ]
            for (method, path, json) in routes {
                let asBob = try await client.send(method, path, json: json, headers: bob)
                let missing = try await client.send(method, "/friends/999999" + path.dropFirst("/friends/\(ada.id)".count), json: json, headers: bob)
                #expect(asBob.status == .notFound, "\(method) \(path)")
                if path.hasPrefix("/friends/") {
                    #expect(try asBob.envelope.message == missing.envelope.message.replacingOccurrences(of: "999999", with: "\(ada.id)"))
                }
            }
            let stillThere = try await client.send(.get, "/friends/\(ada.id)", headers: App.basic("alice"))
            #expect(try stillThere.decode(Friend.self).firstname == "Ada")
        }
    }

    /// Each person's friend 1 has the URL `/friends/1`: an app's cache, kept when another person
    /// signs in on it, must not take one's friend, list or avatar for the other's.
    @Test func oneURLForTwoPeopleNeverSharesATagOrACache() async throws {
        try await App.run { server in
            let client = server.http
            let ada = try await create(client, as: "alice", "Ada")
            let bea = try await create(client, as: "bob", "Bea")
            #expect(ada.id == bea.id, "each book counts its own ids")
            for path in ["/friends/\(ada.id)", "/friends", "/friends/\(ada.id)/avatar"] {
                let alices = try await client.send(.get, path, headers: App.basic("alice"))
                let alicesTag: String = try #require(alices.headers[.eTag])
                var asBob = App.basic("bob")
                asBob[.ifNoneMatch] = alicesTag
                let bobs = try await client.send(.get, path, headers: asBob)
                #expect(bobs.status == .ok, "\(path): Alice's tag does not validate Bob's answer")
                #expect(bobs.headers[.eTag] != alices.headers[.eTag], "\(path)")
                #expect(bobs.headers[values: .vary].contains("Authorization"), "\(path)")
                #expect(bobs.headers[.cacheControl] == "private, no-cache", "\(path)")
            }
            // Refusals too: a cache may keep a 404 it is not told otherwise of (RFC 9111 4.2.2).
            var stale = App.basic("bob")
            stale[.ifMatch] = #""not-the-tag""#
            let refusals = [
                try await client.send(.get, "/friends/999999", headers: App.basic("bob")),
                try await client.send(.get, "/friends?limit=0", headers: App.basic("bob")),
                try await client.send(.patch, "/friends/\(bea.id)", json: #"{"firstname": "B"}"#, headers: stale),
            ]
            #expect(refusals.map(\.status.code) == [404, 400, 412])
            for refusal in refusals {
                #expect(refusal.headers[values: .vary].contains("Authorization"), "\(refusal.status)")
                #expect(refusal.headers[.cacheControl] == "private, no-cache", "\(refusal.status)")
            }
        }
    }

    @Test func listsSearchesCountsAndExportsShowOnlyYourOwn() async throws {
        try await App.run { server in
            let client = server.http
            _ = try await create(client, as: "alice", "Ada")
            _ = try await create(client, as: "bob", "Bea")
            for (name, other) in [("alice", "Bea"), ("bob", "Ada")] {
                let headers = App.basic(name)
                let page = try await client.send(.get, "/friends", headers: headers)
                #expect(try page.decode(FriendPage.self).total == 1)
                #expect(!page.text.contains(other))
                #expect(try await client.send(.get, "/friends?q=\(other)", headers: headers).decode(FriendPage.self).items.isEmpty)
                let own = name == "alice" ? "Ada" : "Bea"
                #expect(try await client.send(.get, "/friends?q=\(own)", headers: headers).decode(FriendPage.self).items.count == 1)
                #expect(try await client.send(.get, "/listFriends", headers: headers).decode([Friend].self).count == 1)
                var vcard = headers
                vcard[.accept] = "text/vcard"
                let export = try await client.send(.get, "/friends", headers: vcard)
                #expect(export.status == .ok)
                #expect(!export.text.contains(other))
            }
        }
    }

    @Test func anImportGoesIntoTheImportersBookOnly() async throws {
        try await App.run { server in
            let client = server.http
            var headers = App.basic("bob")
            headers[.contentType] = "text/vcard"
            let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:imported-1\r\nFN:Emmy Noether\r\nN:Noether;Emmy;;;\r\nEND:VCARD\r\n"
            let imported = try await client.execute(uri: "/friends/import", method: .post, headers: headers, body: ByteBuffer(string: card))
            #expect(imported.status == .ok)
            #expect(try await client.send(.get, "/friends", headers: App.basic("bob")).text.contains("Emmy"))
            #expect(try await client.send(.get, "/friends", headers: App.basic("alice")).decode(FriendPage.self).items.isEmpty)
        }
    }

    @Test func eachPersonHasTheirOwnCardDAVPrincipalAndBook() async throws {
        try await App.run { server in
            let client = server.http
            _ = try await create(client, as: "alice", "Ada")
            let aliceBook = "/dav/addressbooks/alice/friends/"
            let asAlice = try await client.execute(uri: aliceBook, method: HTTPRequest.Method("PROPFIND")!, headers: App.basic("alice").merging(Self.depth1), body: nil)
            #expect(asAlice.status.code == 207)
            #expect(asAlice.text.contains(".vcf"))
            let asBob = try await client.execute(uri: aliceBook, method: HTTPRequest.Method("PROPFIND")!, headers: App.basic("bob").merging(Self.depth1), body: nil)
            #expect(asBob.status == .notFound)
            let bobsBook = try await client.execute(
                uri: "/dav/addressbooks/bob/friends/", method: HTTPRequest.Method("PROPFIND")!, headers: App.basic("bob").merging(Self.depth1), body: nil
            )
            #expect(bobsBook.status.code == 207)
            #expect(!bobsBook.text.contains(".vcf"))
            let principal = ByteBuffer(string: #"<d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/></d:prop></d:propfind>"#)
            let discovery = try await client.execute(uri: "/.well-known/carddav", method: HTTPRequest.Method("PROPFIND")!, headers: App.basic("bob"), body: principal)
            #expect(discovery.text.contains("/dav/principals/bob/"))
            #expect(!discovery.text.contains("alice"))
        }
    }

    @Test func anotherPersonsWritesLeaveYourSyncTokenAsItWas() async throws {
        try await App.run { server in
            let client = server.http
            let propfind = HTTPRequest.Method("PROPFIND")!
            let body = ByteBuffer(string: #"<d:propfind xmlns:d="DAV:"><d:prop><d:sync-token/></d:prop></d:propfind>"#)
            var headers = App.basic("bob")
            headers[HTTPField.Name("Depth")!] = "0"
            let before = try await client.execute(uri: "/dav/addressbooks/bob/friends/", method: propfind, headers: headers, body: body).text
            for index in 0..<3 { _ = try await create(client, as: "alice", "Ada\(index)") }
            let after = try await client.execute(uri: "/dav/addressbooks/bob/friends/", method: propfind, headers: headers, body: body).text
            #expect(before.contains("sync-token"))
            #expect(before == after)
        }
    }

    @Test func theFirstAccountOwnsTheFriendsFromBeforeAccounts() async throws {
        let main = MemoryFriendStore()
        await main.migrate()
        _ = await main.create(NewFriend(firstname: "Grace", lastname: "Hopper"))
        try await App.run(mainStore: main) { server in
            let alice = try await server.http.send(.get, "/friends", headers: App.basic("alice"))
            #expect(try alice.decode(FriendPage.self).items.map(\.firstname) == ["Grace"])
            let bob = try await server.http.send(.get, "/friends", headers: App.basic("bob"))
            #expect(try bob.decode(FriendPage.self).items.isEmpty)
        }
    }
}

extension HTTPFields {
    func merging(_ other: HTTPFields) -> HTTPFields {
        var merged = self
        for field in other { merged.append(field) }
        return merged
    }
}

import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FriendService
@testable import FriendStorage
@testable import SQLiteFriendStorage

/// Renaming the address book from a contact app (PROPPATCH of `displayname`): kept in the
/// database, so a restart keeps it, and each account's book has its own.
struct CardDAVBookNameTests {
    static let propfind = HTTPRequest.Method("PROPFIND")!
    static let proppatch = HTTPRequest.Method("PROPPATCH")!
    static let depth0: HTTPFields = [HTTPField.Name("Depth")!: "0", .contentType: "application/xml"]
    static let askName = #"<d:propfind xmlns:d="DAV:"><d:prop><d:displayname/></d:prop></d:propfind>"#

    static func rename(to name: String) -> String {
        #"<d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:displayname>\#(name)</d:displayname></d:prop></d:set></d:propertyupdate>"#
    }

    static func name(of book: String, _ client: any TestClientProtocol, headers: HTTPFields = [:]) async throws -> String {
        let answer = try await client.execute(uri: book, method: propfind, headers: depth0.merging(headers), body: ByteBuffer(string: askName))
        #expect(answer.status.code == 207)
        let match = try #require(answer.text.firstMatch(of: /<D:displayname>([^<]*)<\/D:displayname>/))
        return String(match.output.1)
    }

    static let askState = #"<d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:prop><cs:getctag/><d:sync-token/></d:prop></d:propfind>"#

    static func state(of book: String, _ client: any TestClientProtocol) async throws -> (ctag: String, token: String) {
        let answer = try await client.execute(uri: book, method: propfind, headers: depth0, body: ByteBuffer(string: askState))
        #expect(answer.status.code == 207)
        let ctag = try #require(answer.text.firstMatch(of: /<CS:getctag>([^<]*)<\/CS:getctag>/))
        let token = try #require(answer.text.firstMatch(of: /<D:sync-token>([^<]*)<\/D:sync-token>/))
        return (String(ctag.output.1), String(token.output.1))
    }

    /// Apple's Contacts and DAVx5 read the book's name again only when the CTag moves. The CTag
    /// comes from what is stored, so a restart (or another instance) gives the same one.
    @Test func aRenameMovesTheCTagAndNotTheSyncToken() async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory.appendingPathComponent("friends.sqlite").path
            let book = CardDAVRoutesTests.book
            let first = try await SQLiteFriendStore.open(path: path)
            try await first.migrate()
            let kept = KeptCTag()
            let renamed = await Result.capturing {
                try await TestApp.run(store: first) { client, _ in
                    let before = try await Self.state(of: book, client)
                    let patch = try await client.execute(
                        uri: book, method: Self.proppatch, headers: [.contentType: "application/xml"],
                        body: ByteBuffer(string: Self.rename(to: "Family"))
                    )
                    #expect(patch.status.code == 207)
                    let after = try await Self.state(of: book, client)
                    #expect(after.ctag != before.ctag)
                    #expect(after.token == before.token)
                    let sync = try await client.execute(
                        uri: book, method: HTTPRequest.Method("REPORT")!, headers: [.contentType: "application/xml"],
                        body: ByteBuffer(string: CardDAVRoutesTests.syncCollection.replacingOccurrences(of: "TOKEN", with: before.token))
                    )
                    #expect(sync.status.code == 207)
                    #expect(!sync.text.contains("<D:response>"), "a rename changes no card")
                    await kept.keep(after.ctag)
                }
            }
            try await first.close()
            try renamed.get()
            let ctag = await kept.ctag

            let second = try await SQLiteFriendStore.open(path: path)
            try await second.migrate()
            let again = await Result.capturing {
                try await TestApp.run(store: second) { client, _ in
                    let state = try await Self.state(of: book, client)
                    #expect(state.ctag == ctag, "the same name gives the same CTag after a restart")
                }
            }
            try await second.close()
            try again.get()
        }
    }

    @Test func aRenamedBookKeepsItsNameAcrossARestart() async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory.appendingPathComponent("friends.sqlite").path
            let book = CardDAVRoutesTests.book
            let first = try await SQLiteFriendStore.open(path: path)
            try await first.migrate()
            let outcome = await Result.capturing {
                try await TestApp.run(store: first) { client, _ in
                    #expect(try await Self.name(of: book, client) == "Friends")
                    let patch = try await client.execute(
                        uri: book, method: Self.proppatch, headers: [.contentType: "application/xml"],
                        body: ByteBuffer(string: Self.rename(to: "Family &amp; Co"))
                    )
                    #expect(patch.status.code == 207)
                    #expect(patch.text.contains("HTTP/1.1 200 OK"))
                    #expect(try await Self.name(of: book, client) == "Family &amp; Co")
                }
            }
            try await first.close()
            try outcome.get()

            let second = try await SQLiteFriendStore.open(path: path)
            try await second.migrate()
            let again = await Result.capturing {
                try await TestApp.run(store: second) { client, _ in
                    let name = try await Self.name(of: book, client)
                    #expect(name == "Family &amp; Co")
                }
            }
            try await second.close()
            try again.get()
        }
    }

    @Test func eachAccountNamesItsOwnBook() async throws {
        try await AccountsTestApp.run { server in
            let client = server.http
            let alicesBook = "/dav/addressbooks/alice/friends/"
            let patch = try await client.execute(
                uri: alicesBook, method: Self.proppatch,
                headers: AccountsTestApp.basic("alice").merging([.contentType: "application/xml"]),
                body: ByteBuffer(string: Self.rename(to: "Alice and co"))
            )
            #expect(patch.status.code == 207)
            #expect(try await Self.name(of: alicesBook, client, headers: AccountsTestApp.basic("alice")) == "Alice and co")
            #expect(try await Self.name(of: "/dav/addressbooks/bob/friends/", client, headers: AccountsTestApp.basic("bob")) == "Friends")
        }
    }
}

private actor KeptCTag {
    var ctag = ""
    func keep(_ ctag: String) { self.ctag = ctag }
}

import Foundation
import FriendsAPI
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FriendService
@testable import FriendStorage
@testable import PostgresFriendStorage
@testable import SQLiteFriendStorage

/// `If-None-Match` on the list and on a friend: `304` with the tag and no body while nothing
/// changed, and the new page (never a cached old one) after every kind of write, on every store
/// and across two instances sharing one database. One case at a time: each builds a database of
/// its own, and the suite runs beside tests that time their own answers.
@Suite(.serialized)
struct ConditionalRequestTests {
    static let pages = ["/friends", "/friends?limit=1", "/friends?q=lov", "/friends?q=050%20123&limit=5"]

    @Test(arguments: StoreKind.available)
    func everyPageAnswers304WithItsTagWhileNothingChanged(kind: StoreKind) async throws {
        try await Self.withServer(kind) { client, _ in
            _ = try await client.createFriend()
            _ = try await client.createFriend(#"{"firstname": "Grace", "lastname": "Hopper"}"#)
            for page in Self.pages {
                let first = try await client.send(.get, page)
                let tag = try #require(first.headers[.eTag])
                #expect(first.status == .ok)
                let again = try await client.send(.get, page, headers: [.ifNoneMatch: tag])
                #expect(again.status == .notModified, "\(page)")
                #expect(again.headers[.eTag] == tag)
                #expect(again.body.readableBytes == 0)
                // Weak comparison, lists of tags and `*`, as RFC 9110 asks of If-None-Match.
                for header in ["W/\(tag)", "\"other\", \(tag)", "*"] {
                    #expect(try await client.send(.get, page, headers: [.ifNoneMatch: header]).status == .notModified, "\(header)")
                }
                let other = try await client.send(.get, page, headers: [.ifNoneMatch: "\"list-0\""])
                #expect(other.status == .ok)
                #expect(other.body == first.body)
            }
        }
    }

    /// Each write through the API, and a bulk insert beside it, gives every page a new tag and a
    /// body that shows the write (so no encoded page or count outlives the change that made it stale).
    @Test(arguments: StoreKind.available)
    func everyWriteGivesTheListANewTagAndBody(kind: StoreKind) async throws {
        try await Self.withServer(kind) { client, store in
            for write in Write.allCases {
                let (target, _) = try await client.createFriend()
                let before = try await Self.pageTags(client)
                try await write.perform(on: client, store: store, friend: target)
                let expected = try await store.list(FriendListRequest(limit: 501))
                for (page, tag) in before {
                    let response = try await client.send(.get, page, headers: [.ifNoneMatch: tag])
                    #expect(response.status == .ok, "\(page) after \(write)")
                    #expect(response.headers[.eTag] != tag)
                    if page == "/friends" {
                        let shown = try response.decode(FriendPage.self)
                        #expect(shown.items == expected.map(\.versionedFriend), "after \(write)")
                        #expect(shown.total == expected.count, "after \(write)")
                    }
                    let again = try await client.send(.get, page, headers: [.ifNoneMatch: try #require(response.headers[.eTag])])
                    #expect(again.status == .notModified)
                }
            }
        }
    }

    @Test(arguments: StoreKind.available)
    func aFriendAnswers304UntilItChangesAnd404OnceDeleted(kind: StoreKind) async throws {
        try await Self.withServer(kind) { client, _ in
            let (ada, tag) = try await client.createFriend()
            let unchanged = try await client.send(.get, "/friends/\(ada.id)", headers: [.ifNoneMatch: tag])
            #expect(unchanged.status == .notModified)
            #expect(unchanged.headers[.eTag] == tag)
            #expect(unchanged.body.readableBytes == 0)

            _ = try await client.createFriend(#"{"firstname": "Grace", "lastname": "Hopper"}"#)
            #expect(try await client.send(.get, "/friends/\(ada.id)", headers: [.ifNoneMatch: tag]).status == .notModified,
                    "another friend's change leaves this one's tag alone")

            try await client.send(.patch, "/friends/\(ada.id)", json: #"{"about": "Analyst."}"#)
            let changed = try await client.send(.get, "/friends/\(ada.id)", headers: [.ifNoneMatch: tag])
            #expect(changed.status == .ok)
            #expect(changed.headers[.eTag] == "\"\(ada.id)-2\"")
            #expect(try changed.decode(Friend.self).about == "Analyst.")

            try await client.send(.delete, "/friends/\(ada.id)")
            #expect(try await client.send(.get, "/friends/\(ada.id)", headers: [.ifNoneMatch: "\"\(ada.id)-2\""]).status == .notFound)
        }
    }

    /// Two instances over one database (two FriendService processes on one SQLite file, or
    /// several behind a load balancer on PostgreSQL): a write through one changes the tags and
    /// pages the other serves, with no notification needed in between.
    @Test(arguments: [StoreKind.sqlite, .postgres].filter(StoreKind.available.contains))
    func aWriteThroughOneInstanceIsSeenByTheOther(kind: StoreKind) async throws {
        try await Self.withTwoServers(kind) { first, second in
            let (ada, friendTag) = try await first.createFriend()
            let page = try await second.send(.get, "/friends")
            let listTag = try #require(page.headers[.eTag])
            #expect(try await second.send(.get, "/friends", headers: [.ifNoneMatch: listTag]).status == .notModified)

            for write in [#"{"lastname": "King"}"#, nil] {
                if let write {
                    try await first.send(.patch, "/friends/\(ada.id)", json: write)
                } else {
                    try await first.send(.delete, "/friends/\(ada.id)")
                }
                let list = try await second.send(.get, "/friends", headers: [.ifNoneMatch: listTag])
                #expect(list.status == .ok)
                let items = try list.decode(FriendPage.self).items
                #expect(items.map(\.lastname) == (write == nil ? [] : ["King"]))
                let friend = try await second.send(.get, "/friends/\(ada.id)", headers: [.ifNoneMatch: friendTag])
                #expect(friend.status == (write == nil ? .notFound : .ok))
            }
            let created = try await first.send(.post, "/friends", json: #"{"firstname": "Grace", "lastname": "Hopper"}"#)
            #expect(created.status == .created)
            let list = try await second.send(.get, "/friends", headers: [.ifNoneMatch: listTag])
            #expect(try list.decode(FriendPage.self).items.map(\.firstname) == ["Grace"])
        }
    }

    /// The writes that change what the list shows.
    enum Write: CaseIterable, Sendable {
        case create, update, delete, legacyAdd, legacyEdit, legacyDelete, bulkInsert

        func perform(on client: any TestClientProtocol, store: any FriendStore, friend: Friend) async throws {
            let response: TestResponse
            switch self {
            case .create: response = try await client.send(.post, "/friends", json: #"{"firstname": "Grace", "lastname": "Hopper"}"#)
            case .update: response = try await client.send(.patch, "/friends/\(friend.id)", json: #"{"lastname": "King"}"#)
            case .delete: response = try await client.send(.delete, "/friends/\(friend.id)")
            case .legacyAdd: response = try await client.send(.post, "/addFriend", json: #"{"firstname": "Grace", "lastname": "Hopper"}"#)
            case .legacyEdit: response = try await client.send(.patch, "/editFriend/\(friend.id)", json: #"{"lastname": "King"}"#)
            case .legacyDelete: response = try await client.send(.delete, "/editFriend/\(friend.id)")
            case .bulkInsert:
                try await store.insert([NewFriend(firstname: "Grace", lastname: "Hopper")])
                return
            }
            #expect((200..<300).contains(response.status.code), "\(self): \(response.status)")
        }
    }

    /// The pages of `pages` with their tags.
    static func pageTags(_ client: any TestClientProtocol) async throws -> [(String, String)] {
        var tags: [(String, String)] = []
        for page in pages {
            let response = try await client.send(.get, page)
            tags.append((page, try #require(response.headers[.eTag])))
            #expect(try await client.send(.get, page, headers: [.ifNoneMatch: tags.last!.1]).status == .notModified)
        }
        return tags
    }

    static func withServer(
        _ kind: StoreKind, _ body: @Sendable @escaping (any TestClientProtocol, any FriendStore) async throws -> Void
    ) async throws {
        try await kind.withStore { store in
            try await TestApp.run(store: store, body)
        }
    }

    static func withTwoServers(
        _ kind: StoreKind, _ body: @Sendable @escaping (any TestClientProtocol, any TestClientProtocol) async throws -> Void
    ) async throws {
        try await kind.withStore { store in
            let other = try await kind.openSecondInstance(of: store)
            let outcome = await Result.capturing {
                try await TestApp.run(store: store) { first, _ in
                    try await TestApp.run(store: other) { second, _ in
                        try await body(first, second)
                    }
                }
            }
            try await other.close()
            try outcome.get()
        }
    }
}

import Foundation
import FriendsAPI
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FriendService
@testable import FriendStorage

/// A group card a CardDAV client keeps (Apple's Contacts, DAVx5's default, Thunderbird's lists)
/// is served back to CardDAV clients as it came, and is no friend to the REST API and the apps.
struct CardDAVGroupTests {
    static let book = CardDAVRoutesTests.book
    static let group = FriendStoreGroupTests.appleGroup.replacingOccurrences(of: "\n", with: "\r\n")

    private func put(_ client: any TestClientProtocol, _ name: String, _ card: String) async throws -> TestResponse {
        try await client.execute(uri: Self.book + name, method: .put, headers: [.contentType: "text/vcard"], body: ByteBuffer(string: card))
    }

    @Test func aGroupPutOverDAVComesBackAsItWasAndIsNoFriend() async throws {
        try await TestApp.run { client, _ in
            let (ada, _) = try await client.createFriend()
            let put = try await put(client, "family.vcf", Self.group)
            #expect(put.status == .created)
            let groupID = ada.id + 1

            let get = try await client.execute(uri: Self.book + "family.vcf", method: .get, headers: [:], body: nil)
            #expect(get.text == Self.group)
            let listing = try await client.execute(
                uri: Self.book, method: try #require(HTTPRequest.Method("PROPFIND")), headers: [HTTPField.Name("Depth")!: "1"],
                body: ByteBuffer(string: #"<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>"#))
            #expect(listing.text.contains("<D:href>\(Self.book)family.vcf</D:href>"))

            let page = try await client.send(.get, "/friends").decode(FriendPage.self)
            #expect(page.items.map(\.id) == [ada.id])
            #expect(page.total == 1)
            #expect(try await client.send(.get, "/friends?q=family").decode(FriendPage.self).items.isEmpty)
            #expect(try await client.send(.get, "/listFriends").text.contains("Family") == false)
            #expect(try await client.send(.get, "/friends/\(groupID)").status == .notFound)
            #expect(try await client.send(.get, "/friends/\(groupID)", headers: [.accept: "text/vcard"]).status == .notFound)
            #expect(try await client.send(.patch, "/friends/\(groupID)", json: #"{"about": "x"}"#).status == .notFound)
            #expect(try await client.send(.delete, "/friends/\(groupID)").status == .notFound)
            let export = try await client.send(.get, "/friends", headers: [.accept: "text/vcard"])
            #expect(export.text.contains("FN:Ada Lovelace\r\n"))
            #expect(!export.text.contains("X-ADDRESSBOOKSERVER-KIND"))

            // Nothing REST refused touched the group; CardDAV still removes it.
            #expect(try await client.execute(uri: Self.book + "family.vcf", method: .get, headers: [:], body: nil).text == Self.group)
            let delete = try await client.execute(uri: Self.book + "family.vcf", method: .delete, headers: [:], body: nil)
            #expect(delete.status == .noContent)
        }
    }

    /// A contact a CardDAV client turns into a group leaves the list.
    @Test func aFriendACardDAVClientMakesAGroupLeavesTheList() async throws {
        try await TestApp.run { client, _ in
            let person = Self.group.replacingOccurrences(of: "X-ADDRESSBOOKSERVER-KIND:group\r\n", with: "")
            let created = try await put(client, "family.vcf", person)
            #expect(created.status == .created)
            #expect(try await client.send(.get, "/friends").decode(FriendPage.self).items.map(\.displayName) == ["Family"])
            let madeAGroup = try await put(client, "family.vcf", Self.group)
            #expect(madeAGroup.status == .noContent)
            #expect(try await client.send(.get, "/friends").decode(FriendPage.self).items.isEmpty)
        }
    }

    /// An import keeps a group for CardDAV clients, merged by its UID the next time, as any card,
    /// and counts it apart from the friends: a group is no friend.
    @Test func anImportedGroupIsKeptForCardDAVAndMergedByItsUID() async throws {
        try await TestApp.run { client, store in
            let file = try VCardRoutesTests.card("apple") + Self.group
            let first = try await client.execute(uri: "/friends/import", method: .post, headers: [.contentType: "text/vcard"], body: ByteBuffer(string: file))
            #expect(first.text == #"{"created":1,"failed":[],"groups":{"created":1,"unchanged":0,"updated":0},"remarks":[],"unchanged":0,"updated":0}"#)
            let again = try await client.execute(uri: "/friends/import", method: .post, headers: [.contentType: "text/vcard"], body: ByteBuffer(string: file))
            #expect(again.text == #"{"created":0,"failed":[],"groups":{"created":0,"unchanged":1,"updated":0},"remarks":[],"unchanged":1,"updated":0}"#)
            #expect(try await store.all().map(\.friend.displayName) == ["Ada Lovelace"])
            // The cards of one batch are kept side by side: their ids come in either order.
            #expect(try await store.cards(matching: nil, afterID: 0, limit: 10).map(\.isGroup).sorted { !$0 && $1 } == [false, true])
        }
    }

    /// A vCard 4.0 group (`KIND:group`) is counted as Apple's is; one changed is a group updated.
    @Test func anImportCountsEachKindOfGroupApartFromTheFriends() async throws {
        try await TestApp.run { client, _ in
            let file = try VCardRoutesTests.card("apple") + FriendStoreGroupTests.kindGroup + FriendStoreGroupTests.appleGroup
            let first = try await client.execute(uri: "/friends/import", method: .post, headers: [.contentType: "text/vcard"], body: ByteBuffer(string: file))
            #expect(try first.decode(ImportReport.self) == ImportReport(created: 1, groups: ImportReport.Groups(created: 2)))
            let renamed = FriendStoreGroupTests.kindGroup.replacingOccurrences(of: "FN:", with: "FN:Our ")
            let again = try await client.execute(uri: "/friends/import", method: .post, headers: [.contentType: "text/vcard"], body: ByteBuffer(string: renamed))
            #expect(try again.decode(ImportReport.self) == ImportReport(groups: ImportReport.Groups(updated: 1)))
        }
    }

    /// A REST DELETE that read a friend, then found it made a group by a CardDAV client before its
    /// own write, removes nothing: the group is the client's. With `If-Match` naming the friend's
    /// version, no friend is there to be stale: 404 too.
    @Test(arguments: [false, true])
    func aDeleteRacingACardDAVClientThatMakesTheFriendAGroupRemovesNothing(withIfMatch: Bool) async throws {
        let base = MemoryFriendStore()
        await base.migrate()
        let person = FriendStoreGroupTests.appleGroup.replacingOccurrences(of: "X-ADDRESSBOOKSERVER-KIND:group\n", with: "")
        let created = try await base.create(card: try FriendStoreGroupTests.card(person), resourceName: "family.vcf")
        let id = created.friend.id
        let reads = ReadsLettingAWriteIn(base: base, after: .friendByID) {
            _ = try await base.replace(id: id, with: try FriendStoreGroupTests.card(FriendStoreGroupTests.appleGroup), if: .any)
        }
        try await TestApp.run(store: ComposedFriendStore(base, reading: reads)) { client, _ in
            let headers: HTTPFields = withIfMatch ? [.ifMatch: "\"\(id)-1\""] : [:]
            let response = try await client.send(.delete, "/friends/\(id)", headers: headers)
            #expect(response.status == .notFound)
            #expect(await base.card(id: id)?.isGroup == true)
        }
    }

    /// A group's id is not found, whatever `If-Match` says: a 412 would tell that something is there.
    @Test(arguments: StoreKind.available)
    func aStaleIfMatchOnAGroupIsNotFoundToo(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let group = try await store.create(card: try FriendStoreGroupTests.card(FriendStoreGroupTests.appleGroup), resourceName: nil)
            let id = group.friend.id
            try await TestApp.run(store: store) { client, _ in
                for method in [HTTPRequest.Method.patch, .delete] {
                    let response = try await client.send(method, "/friends/\(id)", json: #"{"about": "x"}"#, headers: [.ifMatch: "\"\(id)-9\""])
                    #expect(response.status == .notFound, "\(method)")
                }
            }
            await #expect(throws: FriendStoreError.notFound(id: id)) {
                try await store.update(id: id, with: FriendUpdate(about: "x"), if: .oneOf([9]))
            }
        }
    }
}

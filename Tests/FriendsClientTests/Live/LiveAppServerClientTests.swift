import Foundation
import FriendService
import FriendStorage
import FriendsAPI
import FriendsClient
import TestSupport
import Testing

/// The client against the real FriendService, started in-process.
@Suite(.timeLimit(.minutes(3))) struct LiveAppServerClientTests {
    static let ada = NewFriend(firstname: "Ada", lastname: "Lovelace", phonenumber: "+44 20 7946 0000")
    static let grace = NewFriend(firstname: "Grace", lastname: "Hopper")
    static let charles = NewFriend(firstname: "Charles", lastname: "Babbage")

    @Test func everyOperationWorksAgainstTheServer() async throws {
        try await TestServer.run(.live) { server in
            let client = server.client()

            let added = try await client.addFriend(Self.ada)
            var expected = Friend(id: added.value.id, Self.ada, version: 1)
            expected.phones = [LabeledValue(label: "mobile", value: Self.ada.phonenumber)]
            expected.uid = added.value.uid
            #expect(added.value == expected)
            #expect(!added.value.uid.isEmpty)
            #expect(added.eTag != nil)
            #expect(added.eTag == added.value.eTag)

            let fetched = try await client.friend(id: added.value.id)
            #expect(fetched == added)

            let page = try await client.friends()
            #expect(page == FriendPage(items: [added.value], nextCursor: nil, total: 1))
            #expect(try await client.friends(FriendListQuery(search: "+44")).items == [added.value])
            #expect(try await client.friends(FriendListQuery(search: "love")).items == [added.value])
            #expect(try await client.friends(FriendListQuery(search: "zz")) == FriendPage(items: [], nextCursor: nil, total: 0))

            let updated = try await client.updateFriend(
                id: added.value.id, with: FriendUpdate(about: "Wrote the first program."), ifMatch: added.eTag
            )
            #expect(updated.value.about == "Wrote the first program.")
            #expect(updated.value.firstname == "Ada")
            #expect(updated.eTag != nil && updated.eTag != added.eTag)

            let avatar = try await client.avatar(id: added.value.id)
            #expect(String(decoding: avatar, as: UTF8.self).contains(">AL</text>"))

            try await client.deleteFriend(id: added.value.id, ifMatch: updated.eTag)
            #expect(await failure { () async throws(AppServerError) in try await client.friend(id: added.value.id) } == .notFound)
            #expect(try await client.friends().items.isEmpty)
        }
    }

    @Test func pagesFollowTheCursorInNameOrder() async throws {
        try await TestServer.run(.live) { server in
            let client = server.client()
            for friend in [Self.grace, Self.ada, Self.charles] { _ = try await client.addFriend(friend) }

            let first = try await client.friends(FriendListQuery(limit: 2))
            let second = try await client.friends(FriendListQuery(limit: 2, cursor: first.nextCursor))

            #expect(first.items.map(\.lastname) == ["Babbage", "Hopper"])
            #expect(first.nextCursor != nil)
            #expect(second.items.map(\.lastname) == ["Lovelace"])
            #expect(second.nextCursor == nil)
        }
    }

    @Test func withATokenSetEveryOperationNeedsIt() async throws {
        try await TestServer.run(.live, TestServer.configuration(token: "s3cret")) { server in
            let anonymous = server.client()
            let wrong = server.client(token: "guess")
            let authorized = server.client(token: "s3cret")

            let added = try await authorized.addFriend(Self.ada)
            let id = added.value.id

            for client in [anonymous, wrong] {
                #expect(await failure { () async throws(AppServerError) in try await client.friends() } == .unauthorized)
                #expect(await failure { () async throws(AppServerError) in try await client.friend(id: id) } == .unauthorized)
                #expect(await failure { () async throws(AppServerError) in try await client.addFriend(Self.grace) } == .unauthorized)
                #expect(await failure { () async throws(AppServerError) in
                    try await client.updateFriend(id: id, with: FriendUpdate(about: "x"), ifMatch: nil)
                } == .unauthorized)
                #expect(await failure { () async throws(AppServerError) in try await client.deleteFriend(id: id, ifMatch: nil) } == .unauthorized)
                #expect(await failure { () async throws(AppServerError) in try await client.avatar(id: id) } == .unauthorized)
            }
            #expect(try await authorized.friends().items == [added.value])
        }
    }

    @Test func anUnknownFriendIsNotFound() async throws {
        try await TestServer.run(.live) { server in
            let client = server.client()

            #expect(await failure { () async throws(AppServerError) in try await client.friend(id: 999) } == .notFound)
            #expect(await failure { () async throws(AppServerError) in
                try await client.updateFriend(id: 999, with: FriendUpdate(about: "x"), ifMatch: nil)
            } == .notFound)
            #expect(await failure { () async throws(AppServerError) in try await client.deleteFriend(id: 999, ifMatch: nil) } == .notFound)
            #expect(await failure { () async throws(AppServerError) in try await client.avatar(id: 999) } == .notFound)
        }
    }

    @Test func aStaleTagIsAConflictAndChangesNothing() async throws {
        try await TestServer.run(.live) { server in
            let client = server.client()
            let added = try await client.addFriend(Self.ada)
            let id = added.value.id
            let current = try await client.updateFriend(id: id, with: FriendUpdate(lastname: "King"), ifMatch: added.eTag)

            #expect(await failure { () async throws(AppServerError) in
                try await client.updateFriend(id: id, with: FriendUpdate(lastname: "Byron"), ifMatch: added.eTag)
            } == .conflict)
            #expect(await failure { () async throws(AppServerError) in try await client.deleteFriend(id: id, ifMatch: added.eTag) } == .conflict)
            #expect(try await client.friend(id: id) == current)
        }
    }

    @Test func invalidFieldsAreNamed() async throws {
        try await TestServer.run(.live) { server in
            let client = server.client()

            let addFailure = await failure { () async throws(AppServerError) in
                try await client.addFriend(NewFriend(firstname: " ", lastname: "", phonenumber: "call me"))
            }
            guard case .invalid(_, let fields) = addFailure else {
                Issue.record("Expected .invalid, got \(String(describing: addFailure))")
                return
            }
            #expect(Set(fields.keys) == ["firstname", "lastname", "organization", "phonenumber"])
            #expect(fields["firstname"] == FriendValidation.nameMissingMessage)

            let added = try await client.addFriend(Self.ada)
            let updateFailure = await failure { () async throws(AppServerError) in
                try await client.updateFriend(id: added.value.id, with: FriendUpdate(email: "not an address"), ifMatch: added.eTag)
            }
            guard case .invalid(_, let updateFields) = updateFailure else {
                Issue.record("Expected .invalid, got \(String(describing: updateFailure))")
                return
            }
            #expect(updateFields == ["email": FriendValidation.message(for: .email, value: "not an address")!])
            #expect(try await client.friend(id: added.value.id) == added)
        }
    }

    @Test func aServerThatIsGoneIsUnreachable() async throws {
        let configuration = FriendServerConfiguration(hostname: "127.0.0.1", port: 0, database: .memory, logLevel: .critical)
        let server = try await FriendServer.start(configuration)
        let client = AppServerClient(baseURL: server.url, timeout: 30)
        _ = try await client.friends()

        try await server.shutdown()

        #expect(await failure { () async throws(AppServerError) in try await client.friends() } == .unreachable)
        #expect(await failure { () async throws(AppServerError) in try await client.addFriend(Self.ada) } == .unreachable)
    }
}

import Foundation
import FriendsAPI
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FriendService

/// Replays the original iOS app's four requests as it sends them (Alamofire, `JSONEncoding.default`,
/// `.validate()` = any 2xx, `.responseJSON` = a JSON body or an empty 204) and decodes every
/// response the way that app does.
struct OriginalClientReplayTests {
    /// The original app's model, exactly: `struct Friend: Codable { firstname, lastname, phonenumber, id }`.
    private struct OriginalFriend: Codable, Equatable {
        let firstname: String
        let lastname: String
        let phonenumber: String
        let id: Int
    }

    /// What `.validate().responseJSON` accepts.
    private func originalClientAccepts(_ response: TestResponse) -> Bool {
        guard (200..<300).contains(response.status.code) else { return false }
        if response.status == .noContent && response.body.readableBytes == 0 { return true }
        return (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView), options: [.fragmentsAllowed])) != nil
    }

    @Test func theOriginalAppsFourRequestsSucceedAndDecode() async throws {
        try await TestApp.run { client, _ in
            // postFriend(firstname:lastname:phonenumber:)
            let added = try await client.send(
                .post, "/addFriend", json: #"{"firstname":"Jimmy","lastname":"Suojanen","phonenumber":"0501234567"}"#
            )
            #expect(originalClientAccepts(added))

            // getFriends(): decodes [Friend] from the body.
            let listed = try await client.send(.get, "/listFriends")
            #expect(originalClientAccepts(listed))
            let friends = try listed.decode([OriginalFriend].self)
            #expect(friends.map(\.firstname) == ["Jimmy"])
            let id = try #require(friends.first?.id)

            // patchFriend(firstname:lastname:phonenumber:id:): decodes the Friend from the body.
            let patched = try await client.send(
                .patch, "/editFriend/\(id)", json: #"{"firstname":"Jimmy","lastname":"Suojanen","phonenumber":"0407654321"}"#
            )
            #expect(originalClientAccepts(patched))
            #expect(try patched.decode(OriginalFriend.self) == OriginalFriend(firstname: "Jimmy", lastname: "Suojanen", phonenumber: "0407654321", id: id))
            // The list is encoded once per change: after the edit it is read anew.
            #expect(try await client.send(.get, "/listFriends").decode([OriginalFriend].self).map(\.phonenumber) == ["0407654321"])

            // deleteFriend(id:): success is any 2xx whose body responseJSON can read.
            let deleted = try await client.send(.delete, "/editFriend/\(id)")
            #expect(originalClientAccepts(deleted))
            #expect(try await client.send(.get, "/listFriends").decode([OriginalFriend].self).isEmpty)
        }
    }

    @Test func theOriginalAppsFailureReasonsComeFromTheStatus() async throws {
        try await TestApp.run { client, _ in
            // The app maps 404 to .notFound: editing or deleting a missing friend must say 404.
            let patched = try await client.send(.patch, "/editFriend/77", json: #"{"firstname":"A","lastname":"B","phonenumber":""}"#)
            #expect(patched.status == .notFound)
            let deleted = try await client.send(.delete, "/editFriend/77")
            #expect(deleted.status == .notFound)
        }
        try await TestApp.run(token: "t") { client, _ in
            // ... and 401 to .unAuthorized.
            let listed = try await client.send(.get, "/listFriends")
            #expect(listed.status == .unauthorized)
        }
    }
}

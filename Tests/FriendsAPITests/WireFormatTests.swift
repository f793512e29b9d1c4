import Foundation
import FriendsAPI
import Testing

struct WireFormatTests {
    private func json(_ value: some Encodable) throws -> [String: Any] {
        let data = try JSONEncoder().encode(value)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func friendUsesTheOriginalClientsFieldNames() throws {
        let friend = Friend(id: 1, firstname: "Ada", lastname: "Lovelace", phonenumber: "0501234567")
        let object = try json(friend)
        #expect(Set(object.keys) == ["id", "firstname", "lastname", "phonenumber", "email", "about"])
        #expect(object["id"] as? Int == 1)
    }

    @Test func friendWithoutTheNewerFieldsDecodes() throws {
        let data = Data(#"{"id": 7, "firstname": "Ada", "lastname": "Lovelace", "phonenumber": "050"}"#.utf8)
        let friend = try JSONDecoder().decode(Friend.self, from: data)
        #expect(friend == Friend(id: 7, firstname: "Ada", lastname: "Lovelace", phonenumber: "050"))
    }

    @Test func theOriginalClientsCreateBodyDecodes() throws {
        let data = Data(#"{"firstname": "Ada", "lastname": "Lovelace", "phonenumber": "050"}"#.utf8)
        #expect(try JSONDecoder().decode(NewFriend.self, from: data) == NewFriend(firstname: "Ada", lastname: "Lovelace", phonenumber: "050"))
    }

    @Test func anUpdateSendsOnlyItsPresentFields() throws {
        let object = try json(FriendUpdate(phonenumber: "555"))
        #expect(object.keys.sorted() == ["phonenumber"])
        #expect(FriendUpdate(phonenumber: "555").presentFields == [.phonenumber])
    }

    @Test func anUpdateBuiltFromAnEditHoldsOnlyTheChanges() {
        let old = Friend(id: 1, firstname: "Ada", lastname: "Lovelace", phonenumber: "050")
        let update = FriendUpdate(from: old, to: NewFriend(firstname: "Ada", lastname: "King", phonenumber: "050"))
        #expect(update == FriendUpdate(lastname: "King"))
        #expect(update.applied(to: old).lastname == "King")
        #expect(FriendUpdate(from: old, to: old.fields).isEmpty)
    }

    @Test func theLastPageSaysNullRatherThanLeavingTheCursorOut() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(FriendPage(items: [], nextCursor: nil))
        #expect(String(decoding: data, as: UTF8.self) == #"{"items":[],"nextCursor":null}"#)
    }

    @Test func theErrorEnvelopeRoundTripsAndToleratesMissingFields() throws {
        let envelope = ErrorEnvelope(message: "Bad", fields: ["firstname": "First name is required."])
        let decoded = try JSONDecoder().decode(ErrorEnvelope.self, from: JSONEncoder().encode(envelope))
        #expect(decoded == envelope)
        let bare = try JSONDecoder().decode(ErrorEnvelope.self, from: Data(#"{"error": {"message": "Nope"}}"#.utf8))
        #expect(bare.fields == [:])
        #expect(bare.message == "Nope")
    }

    @Test func routesAndQueriesAreBuiltAsTheServerServesThem() {
        #expect(FriendsRoutes.friend(id: 42) == "/friends/42")
        #expect(FriendsRoutes.avatar(id: 42) == "/friends/42/avatar")
        #expect(FriendsRoutes.Legacy.editFriend(id: 3) == "/editFriend/3")
        let query = FriendListQuery(limit: 20, cursor: "abc", search: "ada")
        #expect(query.queryItems == [
            URLQueryItem(name: "limit", value: "20"), URLQueryItem(name: "cursor", value: "abc"), URLQueryItem(name: "q", value: "ada"),
        ])
        #expect(FriendListQuery(search: "").queryItems == [])
        #expect(FriendsHTTPHeader.bearer("t0k") == "Bearer t0k")
    }
}

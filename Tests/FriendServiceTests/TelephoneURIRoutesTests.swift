import Foundation
import FriendsAPI
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FriendService

/// A card whose numbers are `tel:` URIs, edited by a client that sends back what it read.
struct TelephoneURIRoutesTests {
    private let card = "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:tel-uri-1\r\nFN:Grace Hopper\r\nN:Hopper;Grace;;;\r\n"
        + "TEL;VALUE=uri;TYPE=work;PREF=1:tel:+1-555-0100;ext=102\r\nTEL;VALUE=uri;TYPE=cell:tel:+1-555-0199\r\nEND:VCARD\r\n"

    @Test func theNumbersSentBackAsShownKeepTheirLinesAndAnEditedExtensionIsTheURIs() async throws {
        try await TestApp.run { client, store in
            let imported = try await client.execute(
                uri: "/friends/import", method: .post, headers: [.contentType: "text/vcard"], body: ByteBuffer(string: card))
            #expect(imported.text.contains(#""created":1"#))
            let friend = try await client.send(.get, "/friends/1").decode(Friend.self)
            #expect(friend.phones == [
                LabeledValue(label: "work", value: "+1-555-0100 ext. 102"), LabeledValue(label: "mobile", value: "+1-555-0199"),
            ])

            let phones = #"[{"label": "work", "value": "+1-555-0100 ext. 102"}, {"label": "mobile", "value": "+1-555-0199"}]"#
            let renamed = try await client.send(.patch, "/friends/1", json: #"{"firstname": "Grace B.", "phones": \#(phones)}"#)
            #expect(renamed.status == .ok, "\(renamed.text)")
            let kept = try #require(try await store.card(id: 1)).text
            #expect(kept.contains("\r\nTEL;VALUE=uri;TYPE=work;PREF=1:tel:+1-555-0100;ext=102\r\nTEL;VALUE=uri;TYPE=cell:tel:+1-555-0199\r\n"))

            let edited = try await client.send(.patch, "/friends/1", json: #"{"phonenumber": "+1 555 0100 ext. 7"}"#)
            #expect(try edited.decode(Friend.self).phonenumber == "+1-555-0100 ext. 7")
            #expect(try #require(try await store.card(id: 1)).text.contains("\r\nTEL;VALUE=uri;TYPE=work;PREF=1:tel:+1-555-0100;ext=7\r\n"))
        }
    }
}

import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FriendService

/// The REST routes give each card as kept unless `Accept` names a vCard version (RFC 6350 10.1):
/// an export for an app that reads one version only, Apple's Contacts say, has every card in it.
struct VCardExportVersionTests {
    /// A card as Samsung's phones write one: vCard 2.1, a label of the person's own in `X-CUSTOM(…)`.
    static let samsung = "BEGIN:VCARD\r\nVERSION:2.1\r\nUID:samsung\r\nN:Sharma;Ravi;;;\r\nFN:Ravi Sharma\r\n"
        + "TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,Soccer coach):555-010-5656\r\nEND:VCARD\r\n"

    private func export(_ client: any TestClientProtocol, accept: String, uri: String = "/friends") async throws -> TestResponse {
        try await client.execute(uri: uri, method: .get, headers: [.accept: accept], body: nil)
    }

    private static func cards(in text: String) -> [String] {
        text.components(separatedBy: "BEGIN:VCARD").dropFirst().map { "BEGIN:VCARD" + $0 }
    }

    @Test func theExportInTheVersionAcceptNamesHasEveryCardInThatVersion() async throws {
        try await TestApp.run { client, _ in
            let file = try VCardRoutesTests.card("android21") + VCardRoutesTests.card("apple")
                + VCardRoutesTests.card("thunderbird") + Self.samsung
            let imported = try await client.execute(uri: "/friends/import", method: .post, headers: [.contentType: "text/vcard"], body: ByteBuffer(string: file))
            #expect(imported.status == .ok)

            let asKept = Self.cards(in: try await export(client, accept: "text/vcard").text)
            #expect(Set(asKept.map { $0.split(separator: "\r\n")[1] }) == ["VERSION:2.1", "VERSION:3.0", "VERSION:4.0"])
            #expect(asKept.contains(Self.samsung))

            let version3 = try await export(client, accept: "text/vcard; version=3.0")
            #expect(version3.status == .ok)
            #expect(version3.headers[.contentType] == "text/vcard; charset=utf-8; version=3.0")
            let cards3 = Self.cards(in: version3.text)
            #expect(cards3.count == 4 && cards3.allSatisfy { $0.hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\n") })
            #expect(!version3.text.contains("QUOTED-PRINTABLE") && !version3.text.contains("X-CUSTOM"), "\(version3.text)")
            #expect(version3.text.contains("FN:Jürgen Müller\r\n"))
            #expect(version3.text.contains("item1.TEL:555-010-5656\r\nitem1.X-ABLabel:Soccer coach\r\n"), "Samsung's label as Apple's")
            #expect(cards3.contains(try VCardRoutesTests.card("apple")), "a 3.0 card keeps its bytes")

            let version4 = try await export(client, accept: "text/vcard;version=\"4.0\"")
            #expect(version4.headers[.contentType] == "text/vcard; charset=utf-8; version=4.0")
            let cards4 = Self.cards(in: version4.text)
            #expect(cards4.count == 4 && cards4.allSatisfy { $0.hasPrefix("BEGIN:VCARD\r\nVERSION:4.0\r\n") })

            // The vCard range weighed highest decides; a version Friends does not write is none.
            let weighed = try await export(client, accept: "text/vcard;version=4.0;q=0.5, text/vcard;version=3.0")
            #expect(weighed.text == version3.text)
            let version21 = try await export(client, accept: "text/vcard; version=2.1")
            #expect(version21.headers[.contentType] == "text/vcard; charset=utf-8" && Self.cards(in: version21.text) == asKept)
            let searched = try await export(client, accept: "text/x-vcard; version=3.0", uri: "/friends?q=ravi")
            #expect(Self.cards(in: searched.text).count == 1 && searched.text.contains("X-ABLabel:Soccer coach"))
        }
    }

    /// Each version of a card is a representation of its own (RFC 9110 8.8.3): a tag of its own,
    /// naming the friend's version, so that an edit can be made against it.
    @Test func oneCardInAVersionHasATagOfItsOwnThatNamesTheFriendsVersion() async throws {
        try await TestApp.run { client, store in
            _ = try await client.execute(uri: "/friends/import", method: .post, headers: [.contentType: "text/vcard"], body: ByteBuffer(string: Self.samsung))
            let id = try #require(try await store.all().first?.friend.id)
            let uri = "/friends/\(id)"
            let asKept = try await export(client, accept: "text/vcard", uri: uri)
            let version3 = try await export(client, accept: "text/vcard; version=3.0", uri: uri)
            let version4 = try await export(client, accept: "text/vcard; version=4.0", uri: uri)
            #expect(asKept.text == Self.samsung)
            #expect(version3.text.hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\n") && version4.text.hasPrefix("BEGIN:VCARD\r\nVERSION:4.0\r\n"))
            #expect([asKept, version3, version4].map { $0.headers[.eTag] } == ["\"\(id)-1.vcf\"", "\"\(id)-1.v3.vcf\"", "\"\(id)-1.v4.vcf\""])
            #expect(version3.headers[.vary] == "Accept")

            let notModified = try await client.execute(
                uri: uri, method: .get, headers: [.accept: "text/vcard; version=3.0", .ifNoneMatch: version3.headers[.eTag] ?? ""], body: nil)
            #expect(notModified.status == .notModified)
            let anotherVersion = try await client.execute(
                uri: uri, method: .get, headers: [.accept: "text/vcard; version=3.0", .ifNoneMatch: asKept.headers[.eTag] ?? ""], body: nil)
            #expect(anotherVersion.status == .ok, "the card as kept is not the card in 3.0")

            let unchanged = try await client.send(.patch, uri, json: #"{"about": "x"}"#, headers: [.ifNoneMatch: version4.headers[.eTag] ?? ""])
            #expect(unchanged.status == .preconditionFailed, "a tag in 4.0 names the version stored now")
            let patched = try await client.send(.patch, uri, json: #"{"about": "x"}"#, headers: [.ifMatch: version3.headers[.eTag] ?? ""])
            #expect(patched.status == .ok, "an edit is made against the version a tag in 3.0 names")
            let stale = try await client.send(.patch, uri, json: #"{"about": "y"}"#, headers: [.ifMatch: version3.headers[.eTag] ?? ""])
            #expect(stale.status == .preconditionFailed)
        }
    }
}

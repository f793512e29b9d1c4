import Foundation
import FriendsAPI
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VCard

@testable import FriendService
@testable import FriendStorage

/// CardDAV on FriendService's own port, over the same friends as REST.
struct CardDAVRoutesTests {
    static let book = "/dav/addressbooks/friends/friends/"

    private func dav(
        _ client: any TestClientProtocol, _ method: String, _ path: String,
        body: String = "", headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = headers
        if headers[.contentType] == nil { headers[.contentType] = method == "PUT" ? "text/vcard" : "application/xml" }
        return try await client.execute(uri: path, method: try #require(HTTPRequest.Method(method)), headers: headers, body: ByteBuffer(string: body))
    }

    static let syncCollection = #"""
        <?xml version="1.0" encoding="utf-8"?>
        <d:sync-collection xmlns:d="DAV:"><d:sync-token>TOKEN</d:sync-token><d:sync-level>1</d:sync-level>
        <d:prop><d:getetag/></d:prop></d:sync-collection>
        """#

    private func token(in multistatus: String) throws -> String {
        let match = try #require(multistatus.firstMatch(of: /<D:sync-token>([^<]*)<\/D:sync-token>/))
        return String(match.output.1)
    }

    @Test func discoveryAnswersThePrincipalOnTheRootWithoutARedirect() async throws {
        try await TestApp.run { client, _ in
            let body = #"<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/><d:displayname/></d:prop></d:propfind>"#
            let root = try await dav(client, "PROPFIND", "/", body: body, headers: [HTTPField.Name("Depth")!: "0"])
            #expect(root.status.code == 207)
            #expect(root.text.contains("<D:current-user-principal><D:href>/dav/principals/friends/</D:href></D:current-user-principal>"))
            let ok = try #require(root.text.range(of: "200 OK")), missing = try #require(root.text.range(of: "404 Not Found"))
            #expect(ok.lowerBound < missing.lowerBound, "the 200 propstat comes first")
            let wellKnown = try await dav(client, "PROPFIND", "/.well-known/carddav", body: body, headers: [HTTPField.Name("Depth")!: "0"])
            #expect(wellKnown.status.code == 207)
            #expect(wellKnown.text.contains("<D:href>/.well-known/carddav</D:href>"))
            let slashed = try await dav(client, "PROPFIND", "/.well-known/carddav/", body: body, headers: [HTTPField.Name("Depth")!: "0"])
            #expect(slashed.status.code == 207)
            #expect(slashed.text.contains("<D:href>/.well-known/carddav/</D:href>"), "the href is the URL as it was asked")
            let home = try await client.send(.get, "/")
            #expect(home.status == .notFound, "GET / is not DAV's")
        }
    }

    /// A contact app that joins a base ending in `/` to `/dav/…` sends `//dav/…`: the same book.
    @Test func doubleSlashesInADAVPathAreOneSeparator() async throws {
        try await TestApp.run { client, _ in
            let card = try VCardRoutesTests.card("davx5")
            let put = try await dav(client, "PUT", "//dav/addressbooks/friends//friends//8F3A-12.vcf", body: card, headers: [.ifNoneMatch: "*"])
            #expect(put.status == .created)
            #expect(put.headers[.location] == Self.book + "8F3A-12.vcf")
            let listing = try await dav(client, "PROPFIND", "/dav//addressbooks/friends/friends/", headers: [HTTPField.Name("Depth")!: "1"])
            #expect(listing.status.code == 207)
            #expect(listing.text.contains("<D:href>\(Self.book)8F3A-12.vcf</D:href>"))
            let friends = try await client.send(.get, "/friends").decode(FriendPage.self).items
            #expect(friends.map(\.displayName) == ["Mom"])
        }
    }

    @Test func aCardPutOverDAVIsAFriendOverRESTAndRESTChangesReachTheNextSync() async throws {
        try await TestApp.run { client, store in
            let initial = try await dav(client, "REPORT", Self.book, body: Self.syncCollection.replacingOccurrences(of: "TOKEN", with: ""))
            let firstToken = try token(in: initial.text)
            let card = try VCardRoutesTests.card("davx5")
            let put = try await dav(client, "PUT", Self.book + "8F3A-12.vcf", body: card, headers: [.ifNoneMatch: "*"])
            #expect(put.status == .created)
            #expect(put.headers[.eTag] == "\"1-1\"", "stored as sent: the ETag comes back")
            let friends = try await client.send(.get, "/friends").decode(FriendPage.self).items
            #expect(friends.map(\.displayName) == ["Mom"])
            #expect(try await store.card(id: 1)?.text == card)

            let changed = try await dav(client, "REPORT", Self.book, body: Self.syncCollection.replacingOccurrences(of: "TOKEN", with: firstToken))
            #expect(changed.text.contains("<D:href>\(Self.book)8F3A-12.vcf</D:href>"))
            let secondToken = try token(in: changed.text)

            _ = try await client.send(.patch, "/friends/1", json: #"{"about": "Calls on Sundays"}"#)
            let edited = try await dav(client, "REPORT", Self.book, body: Self.syncCollection.replacingOccurrences(of: "TOKEN", with: secondToken))
            #expect(edited.text.contains("&quot;1-2&quot;"))
            let get = try await dav(client, "GET", Self.book + "8F3A-12.vcf")
            #expect(get.text.contains("NOTE:Calls on Sundays\r\n"))
            #expect(get.text.contains("NICKNAME:Mama\r\n"), "what REST does not map stays")
            let thirdToken = try token(in: edited.text)

            _ = try await client.send(.delete, "/friends/1")
            let removed = try await dav(client, "REPORT", Self.book, body: Self.syncCollection.replacingOccurrences(of: "TOKEN", with: thirdToken))
            #expect(removed.text.contains("<D:href>\(Self.book)8F3A-12.vcf</D:href><D:status>HTTP/1.1 404 Not Found</D:status>"))
        }
    }

    /// A client that sends `DAV:limit` with its first sync gets the cards a page at a time, each
    /// once, in the store's own order, whatever is written between its requests.
    @Test func aPagedInitialSyncListsEachCardOnceAndTheSyncAfterItHasWhatChangedMeanwhile() async throws {
        try await TestApp.run { client, _ in
            for name in ["Ada", "Bob", "Cy", "Di", "Eve"] {
                _ = try await client.send(.post, "/friends", json: #"{"firstname": "\#(name)", "lastname": "L"}"#)
            }
            func sync(_ token: String, limit: Int? = nil) async throws -> (cards: [String], truncated: Bool, token: String) {
                let limitElement = limit.map { "<d:limit><d:nresults>\($0)</d:nresults></d:limit>" } ?? ""
                let body = Self.syncCollection.replacingOccurrences(of: "TOKEN", with: token)
                    .replacingOccurrences(of: "<d:prop>", with: limitElement + "<d:prop>")
                let answer = try await dav(client, "REPORT", Self.book, body: body)
                #expect(answer.status.code == 207)
                let hrefs = answer.text.matches(of: /<D:href>([^<]*)<\/D:href>/).map { String($0.output.1) }
                return (hrefs.filter { $0 != Self.book }, hrefs.contains(Self.book), try self.token(in: answer.text))
            }
            let first = try await sync("", limit: 2)
            #expect(first.cards.count == 2 && first.truncated)
            _ = try await client.send(.delete, "/friends/1")
            _ = try await client.send(.post, "/friends", json: #"{"firstname": "Fay", "lastname": "L"}"#)
            let second = try await sync(first.token, limit: 2)
            #expect(second.cards.count == 2 && second.truncated)
            let last = try await sync(second.token)
            #expect(!last.truncated)
            let listed = first.cards + second.cards + last.cards
            #expect(listed.count == 6 && Set(listed).count == 6, "Ada, listed before she was deleted, and Fay, added meanwhile")
            let after = try await dav(client, "REPORT", Self.book, body: Self.syncCollection.replacingOccurrences(of: "TOKEN", with: last.token))
            #expect(after.text.contains("<D:href>\(first.cards[0])</D:href><D:status>HTTP/1.1 404 Not Found</D:status>"))
            #expect(after.text.contains("<D:href>\(last.cards.last ?? "")</D:href>"), "Fay")

            // Five cards now: a limit of five is a page that is also the last, with no 507.
            let whole = try await sync("", limit: 5)
            #expect(whole.cards.count == 5 && !whole.truncated)
            #expect(whole.token.wholeMatch(of: /http:\/\/friends\.invalid\/ns\/sync\/\d+-\d+/) != nil, "a finished sync's token")
        }
    }

    /// Two phones adding the same contact at once: one card is created, the other is told which
    /// card has its UID (and can still edit its own afterwards).
    @Test func aCardImportedWithAVeryLongUIDCanBeReadAndDeletedOverDAV() async throws {
        try await TestApp.run { client, _ in
            let uid = String(repeating: "L", count: 300)
            let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Long Uid\r\nN:Uid;Long;;;\r\nUID:\(uid)\r\nEND:VCARD\r\n"
            let imported = try await dav(client, "POST", "/friends/import", body: card, headers: [.contentType: "text/vcard"])
            #expect(imported.status == .ok)
            let listing = try await dav(client, "PROPFIND", Self.book, body: "", headers: [HTTPField.Name("Depth")!: "1"])
            let href = try #require(listing.text.firstMatch(of: /<D:href>([^<]*LLLL[^<]*)<\/D:href>/)).output.1
            #expect(try #require(href.split(separator: "/").last).utf8.count <= 255)
            #expect(try await dav(client, "GET", String(href)).status == .ok)
            #expect(try await dav(client, "DELETE", String(href)).status == .noContent)
        }
    }

    /// The Contacts app on an iPhone saves a contact given only a number with `N:;;;;` and an empty
    /// `FN`; refused, it would never sync. It is kept, named by its number, and the app reads it
    /// again (no ETag: the server wrote the `FN` in).
    @Test func aContactWithOnlyANumberIsKeptAndNamedByIt() async throws {
        try await TestApp.run { client, _ in
            let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nPRODID:-//Apple Inc.//iPhone OS 18.0//EN\r\nN:;;;;\r\nFN:\r\n"
                + "TEL;type=CELL;type=VOICE;type=pref:+1 555 0100\r\nUID:B0A1\r\nEND:VCARD\r\n"
            let put = try await dav(client, "PUT", Self.book + "B0A1.vcf", body: card, headers: [.ifNoneMatch: "*"])
            #expect(put.status == .created)
            #expect(put.headers[.eTag] == nil)
            let friends = try await client.send(.get, "/friends").decode(FriendPage.self).items
            #expect(friends.map(\.displayName) == ["+1 555 0100"])
            #expect(try await dav(client, "GET", Self.book + "B0A1.vcf").text.contains("\r\nFN:+1 555 0100\r\n"))
        }
    }

    /// One with only a note is "No Name", as the phone shows it; it is kept as it came (its ETag
    /// answers the PUT) and stays a contact the phone can sync.
    @Test func aContactWithOnlyANoteIsKeptAsNoName() async throws {
        try await TestApp.run { client, _ in
            let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:;;;;\r\nFN:\r\nNOTE:remember the milk\r\nUID:ONLYNOTE\r\nEND:VCARD\r\n"
            let put = try await dav(client, "PUT", Self.book + "onlynote.vcf", body: card, headers: [.ifNoneMatch: "*"])
            #expect(put.status == .created)
            #expect(put.headers[.eTag] != nil)
            let friends = try await client.send(.get, "/friends").decode(FriendPage.self).items
            #expect(friends.map(\.displayName) == ["No Name"])
            #expect(try await dav(client, "GET", Self.book + "onlynote.vcf").text == card)
        }
    }

    /// A vCard 3.0 body's charset is the one its Content-Type names (RFC 2425); it is kept as UTF-8.
    @Test func aCardInTheCharsetItsContentTypeNamesIsReadInIt() async throws {
        try await TestApp.run { client, _ in
            let latin1 = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:LAT1\r\nFN:José\r\nN:;José;;;\r\nEND:VCARD\r\n".data(using: .isoLatin1)!)
            let put = try await client.execute(
                uri: Self.book + "lat.vcf", method: .put, headers: [.contentType: "text/vcard; charset=iso-8859-1"],
                body: ByteBuffer(bytes: latin1))
            #expect(put.status == .created)
            #expect(put.headers[.eTag] == nil, "what is kept is not the bytes sent: the client fetches it")
            #expect(try await dav(client, "GET", Self.book + "lat.vcf").text.contains("FN:José\r\n"))
            // Windows-1252 as browsers (and the import) read it: 0x80 is the euro sign, and 0x81,
            // one of the five bytes Windows leaves unassigned, does not refuse the card.
            let windows = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:WIN1\r\nFN:".utf8) + [0x80, 0x41, 0x81, 0x42]
                + Array("\r\nN:;A;;;\r\nEND:VCARD\r\n".utf8)
            let windowsPut = try await client.execute(
                uri: Self.book + "win.vcf", method: .put, headers: [.contentType: "text/vcard; charset=windows-1252"],
                body: ByteBuffer(bytes: windows))
            #expect(windowsPut.status == .created)
            #expect(try await dav(client, "GET", Self.book + "win.vcf").text.contains("FN:€A"))
            let unknown = try await client.execute(
                uri: Self.book + "k.vcf", method: .put, headers: [.contentType: "text/vcard; charset=x-klingon"],
                body: ByteBuffer(bytes: latin1))
            #expect(unknown.status == .unsupportedMediaType)
            #expect(String(buffer: unknown.body).contains("supported-address-data"))
        }
    }

    /// A byte order mark says the body is Unicode whatever charset its Content-Type names, as the
    /// import reads one: a file saved as UTF-8 or UTF-16 and sent with a legacy charset's name.
    @Test func aByteOrderMarkWinsOverTheCharsetNamed() async throws {
        try await TestApp.run { client, _ in
            let card = { (uid: String) in "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:José Nuñez\r\nN:Nuñez;José;;;\r\nEND:VCARD\r\n" }
            let bodies: [(name: String, bytes: [UInt8], charset: String)] = [
                ("u8", [0xEF, 0xBB, 0xBF] + Array(card("BOM8").utf8), "windows-1252"),
                ("u16le", [0xFF, 0xFE] + card("BOM16LE").utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, "iso-8859-1"),
                ("u16be", [0xFE, 0xFF] + card("BOM16BE").utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }, "windows-1252"),
            ]
            for body in bodies {
                let put = try await client.execute(
                    uri: Self.book + body.name + ".vcf", method: .put,
                    headers: [.contentType: "text/vcard; charset=\(body.charset)"], body: ByteBuffer(bytes: body.bytes))
                #expect(put.status == .created, "\(body.name)")
                let kept = try await dav(client, "GET", Self.book + body.name + ".vcf").text
                #expect(kept.contains("FN:José Nuñez\r\n"), "\(body.name): \(kept)")
            }
            let friends = try await client.send(.get, "/friends").decode(FriendPage.self).items
            #expect(friends.map(\.displayName) == ["José Nuñez", "José Nuñez", "José Nuñez"])
        }
    }

    @Test func cardsOfOneUIDPutSideBySideMakeOneFriend() async throws {
        try await TestApp.run { client, _ in
            let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:same-person\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r\n"
            let statuses = try await withThrowingTaskGroup(of: Int.self, returning: [Int].self) { group in
                for index in 0..<12 {
                    group.addTask {
                        try await dav(client, "PUT", Self.book + "phone-\(index).vcf", body: card, headers: [.ifNoneMatch: "*"]).status.code
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 201 }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0 == 403 }.count == 11, "\(statuses)")
            let friends = try await client.send(.get, "/friends").decode(FriendPage.self).items
            #expect(friends.count == 1)
        }
    }

    /// Without a precondition a PUT overwrites whatever is there, even a card put a moment before.
    @Test func putsToOneNameWithoutAPreconditionAllSucceedAndTheLastIsKept() async throws {
        try await TestApp.run { client, _ in
            let statuses = try await withThrowingTaskGroup(of: Int.self, returning: [Int].self) { group in
                for index in 0..<12 {
                    let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:person\r\nFN:Ada \(index)\r\nN:;Ada;;;\r\nEND:VCARD\r\n"
                    group.addTask { try await dav(client, "PUT", Self.book + "ada.vcf", body: card).status.code }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 201 }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0 == 204 }.count == 11, "\(statuses)")
            #expect(try await client.send(.get, "/friends").decode(FriendPage.self).items.count == 1)
            let again = try await dav(client, "PUT", Self.book + "ada.vcf", body: "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:person\r\nFN:A\r\nEND:VCARD\r\n",
                                      headers: [.ifNoneMatch: "*"])
            #expect(again.status.code == 412)
            #expect(again.text.contains("already exists"))
        }
    }

    /// Without a precondition a DELETE removes the card, even one changed a moment before.
    @Test func aDeleteWithoutAPreconditionRemovesACardChangedMeanwhile() async throws {
        let base = MemoryFriendStore()
        await base.migrate()
        // As if a REST edit landed right after the DELETE looked the card up by its name.
        let reads = ReadsLettingAWriteIn(base: base, after: .cardsByName) {
            _ = try await base.update(id: 1, with: FriendUpdate(about: "changed meanwhile"), if: .any)
        }
        try await TestApp.run(store: ComposedFriendStore(base, reading: reads)) { client, _ in
            let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ada\r\nFN:Ada\r\nN:;Ada;;;\r\nEND:VCARD\r\n"
            _ = try await base.create(card: VCardParser.parse(Array(card.utf8)), resourceName: "ada.vcf")
            let deleted = try await dav(client, "DELETE", Self.book + "ada.vcf")
            #expect(deleted.status == .noContent, "\(deleted.text)")
            #expect(await base.friend(id: 1) == nil)
        }
    }

    /// A PUT or DELETE whose `If-Match` named a card deleted after it was looked up. A PUT would
    /// make the card again, which the condition forbids: 412. A DELETE would answer 404 without the
    /// condition, and so it does with it (RFC 9110 13.2.1), as when the card was gone before.
    @Test(arguments: [("PUT", 412), ("DELETE", 404)])
    func aConditionalWriteToACardDeletedMeanwhile(method: String, status: Int) async throws {
        let base = MemoryFriendStore()
        await base.migrate()
        let reads = ReadsLettingAWriteIn(base: base, after: .cardsByName) {
            _ = try await base.delete(id: 1, if: .any)
        }
        try await TestApp.run(store: ComposedFriendStore(base, reading: reads)) { client, _ in
            let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ada\r\nFN:Ada\r\nN:;Ada;;;\r\nEND:VCARD\r\n"
            _ = try await base.create(card: VCardParser.parse(Array(card.utf8)), resourceName: "ada.vcf")
            let answer = try await dav(client, method, Self.book + "ada.vcf", body: method == "PUT" ? card : "", headers: [.ifMatch: "\"1-1\""])
            #expect(answer.status.code == status, "\(answer.text)")
            #expect(await base.card(id: 1) == nil)
        }
    }

    @Test func cardsWhoseNamesDifferOnlyInUnicodeNormalizationStayApart() async throws {
        try await TestApp.run { client, _ in
            let start = try token(in: try await dav(client, "REPORT", Self.book, body: Self.syncCollection.replacingOccurrences(of: "TOKEN", with: "")).text)
            let composed = Self.book + "Zo%C3%AB.vcf", decomposed = Self.book + "Zoe%CC%88.vcf"
            for (href, uid) in [(composed, "nfc"), (decomposed, "nfd")] {
                let put = try await dav(client, "PUT", href, body: "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:\(uid)\r\nEND:VCARD\r\n")
                #expect(put.status == .created)
            }
            let synced = try await dav(client, "REPORT", Self.book, body: Self.syncCollection.replacingOccurrences(of: "TOKEN", with: start))
            #expect(synced.text.contains("<D:href>\(composed)</D:href>") && synced.text.contains("<D:href>\(decomposed)</D:href>"))
            let multiget = try await dav(client, "REPORT", Self.book, body: """
                <C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">
                <D:prop><C:address-data/></D:prop><D:href>\(composed)</D:href><D:href>\(decomposed)</D:href></C:addressbook-multiget>
                """)
            let answers = multiget.text.components(separatedBy: "<D:response>").dropFirst()
            #expect(answers.count == 2)
            let spelledTwice = try await dav(client, "REPORT", Self.book, body: """
                <C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">
                <D:prop><D:getetag/></D:prop><D:href>\(composed)</D:href><D:href>\(composed.replacingOccurrences(of: "Zo", with: "%5Ao"))</D:href></C:addressbook-multiget>
                """)
            #expect(spelledTwice.text.components(separatedBy: "<D:response>").count == 2, "one card, one answer")
            #expect(answers.first { $0.contains(composed) }?.contains("UID:nfc") == true)
            #expect(answers.first { $0.contains(decomposed) }?.contains("UID:nfd") == true)
        }
    }

    /// A card of a version vCard does not have is kept as the 3.0 it is read as, and the `PUT` is
    /// answered without an `ETag`, so the client fetches what was kept.
    @Test func aCardOfAVersionVCardDoesNotHaveIsKeptAs30() async throws {
        try await TestApp.run { client, _ in
            let put = try await dav(client, "PUT", Self.book + "five.vcf", body: "BEGIN:VCARD\r\nVERSION:5.0\r\nUID:five\r\nFN:Five\r\nN:;Five;;;\r\nEND:VCARD\r\n")
            #expect(put.status == .created)
            #expect(put.headers[.eTag] == nil)
            let get = try await dav(client, "GET", Self.book + "five.vcf")
            #expect(get.text == "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:five\r\nFN:Five\r\nN:;Five;;;\r\nEND:VCARD\r\n")
        }
    }

    /// XML cannot carry U+FFFF: the card is kept with a space there, answered without an ETag so
    /// the client fetches it, and `address-data` is then the card `GET` answers.
    @Test func aCardWithACharacterXMLCannotCarryIsOneCardEverywhere() async throws {
        try await TestApp.run { client, _ in
            let put = try await dav(client, "PUT", Self.book + "odd.vcf", body: "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:odd\r\nFN:Odd\u{FFFF}One\r\nN:;;;;\r\nEND:VCARD\r\n")
            #expect(put.status == .created)
            #expect(put.headers[.eTag] == nil)
            let get = try await dav(client, "GET", Self.book + "odd.vcf")
            #expect(get.text == "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:odd\r\nFN:Odd One\r\nN:;;;;\r\nEND:VCARD\r\n")
            let multiget = try await dav(client, "REPORT", Self.book, body: """
                <C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">
                <D:prop><D:getetag/><C:address-data/></D:prop><D:href>\(Self.book)odd.vcf</D:href></C:addressbook-multiget>
                """)
            #expect(multiget.text.contains("<C:address-data>\(get.text.replacingOccurrences(of: "\r", with: "&#13;"))</C:address-data>"))
            #expect(multiget.text.contains("<D:getetag>\(try #require(get.headers[.eTag]).replacingOccurrences(of: "\"", with: "&quot;"))</D:getetag>"))
        }
    }

    /// Android's 2.1 export, put by a client: kept as it came (REST gives it back so), served to
    /// CardDAV clients in 3.0 everywhere, so the PUT is answered without an ETag.
    @Test func aVersion21CardIsKeptAsItCameAndServedInVersion3() async throws {
        try await TestApp.run { client, store in
            // Without its soft line break, which the server would join (and so answer without an ETag).
            let card = try VCardRoutesTests.card("android21").replacingOccurrences(of: "lan=\r\ngen", with: "langen")
                .replacingOccurrences(of: "END:VCARD", with: "UID:juergen\r\nEND:VCARD")
            let put = try await dav(client, "PUT", Self.book + "juergen.vcf", body: card)
            #expect(put.status == .created)
            #expect(put.headers[.eTag] == nil, "what is served differs from what was sent")
            #expect(try await store.card(id: 1)?.text == card)
            let rest = try await client.send(.get, "/friends/1", headers: [.accept: "text/vcard"])
            #expect(rest.text == card)

            let get = try await dav(client, "GET", Self.book + "juergen.vcf")
            #expect(get.text == VCardVersion3.text(of: card))
            #expect(get.text.hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\nN:Müller;Jürgen;;;\r\n"))
            #expect(get.headers[.contentLength] == String(get.text.utf8.count))
            let multiget = try await dav(client, "REPORT", Self.book, body: """
                <C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">
                <D:prop><D:getetag/><C:address-data/></D:prop><D:href>\(Self.book)juergen.vcf</D:href></C:addressbook-multiget>
                """)
            #expect(multiget.text.contains("<C:address-data>\(get.text.replacingOccurrences(of: "\r", with: "&#13;"))</C:address-data>"))

            // The client saves the card it was served: now kept in 3.0, answered with an ETag.
            let etag = try #require(get.headers[.eTag])
            let saved = try await dav(client, "PUT", Self.book + "juergen.vcf", body: get.text, headers: [.ifMatch: etag])
            #expect(saved.status == .noContent)
            #expect(saved.headers[.eTag] != nil)
            #expect(try await store.card(id: 1)?.text == get.text)
            #expect(try await client.send(.get, "/friends/1").decode(Friend.self).about == "Erste Zeile\nZweite Zeile mit ümlaut und einer sehr langen Zeile")
        }
    }

    /// Thunderbird's own 4.0 card: served in 3.0 unless a request names 4.0, as sabre/dav does.
    @Test func aVersion4CardIsServedInVersion3UnlessVersion4IsAskedFor() async throws {
        try await TestApp.run { client, _ in
            let card = try VCardRoutesTests.card("thunderbird")
            let put = try await dav(client, "PUT", Self.book + "alan.vcf", body: card)
            #expect(put.status == .created)
            #expect(put.headers[.eTag] == nil, "what is served differs from what was sent")
            let version3 = VCardVersion3.text(of: card)
            #expect(version3.contains("VERSION:3.0") && version3.contains("PHOTO;ENCODING=b;TYPE=PNG:"))

            let get = try await dav(client, "GET", Self.book + "alan.vcf")
            #expect(get.text == version3)
            let asked = try await dav(client, "GET", Self.book + "alan.vcf", headers: [.accept: "text/vcard; version=4.0, text/vcard;q=0.5"])
            #expect(asked.text == card)
            #expect(asked.headers[.contentLength] == String(card.utf8.count))
            let ranked = try await dav(client, "GET", Self.book + "alan.vcf", headers: [.accept: "text/vcard;version=4.0;q=0.5, text/vcard"])
            #expect(ranked.text == version3, "3.0 ranked higher")

            for (attributes, expected) in [("", version3), (#" version="3.0""#, version3), (#" version="4.0""#, card)] {
                let multiget = try await dav(client, "REPORT", Self.book, body: """
                    <C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">
                    <D:prop><D:getetag/><D:getcontentlength/><C:address-data\(attributes)/></D:prop><D:href>\(Self.book)alan.vcf</D:href>
                    </C:addressbook-multiget>
                    """)
                let escaped = expected.replacingOccurrences(of: "\r", with: "&#13;").replacingOccurrences(of: "<", with: "&lt;")
                    .replacingOccurrences(of: ">", with: "&gt;")
                #expect(multiget.text.contains("<C:address-data>\(escaped)</C:address-data>"), "\(attributes)")
                #expect(multiget.text.contains("<D:getcontentlength>\(version3.utf8.count)</D:getcontentlength>"), "a GET's length")
            }
        }
    }

    /// A card kept in 3.0 (or 2.1) is raised to 4.0 for a request that names 4.0, as sabre/dav does.
    @Test func aVersion3CardIsServedInVersion4WhenVersion4IsAskedFor() async throws {
        try await TestApp.run { client, _ in
            let card = try VCardRoutesTests.card("apple")
            #expect(try await dav(client, "PUT", Self.book + "ada.vcf", body: card).status == .created)
            let version4 = VCardVersion4.text(of: card)
            #expect(version4.contains("VERSION:4.0") && version4.contains("PHOTO:data:image/png;base64,"))

            let get = try await dav(client, "GET", Self.book + "ada.vcf")
            #expect(get.text == card)
            #expect(get.headers[.contentType] == "text/vcard; charset=utf-8")
            let asked = try await dav(client, "GET", Self.book + "ada.vcf", headers: [.accept: "text/vcard; version=4.0"])
            #expect(asked.text == version4)
            #expect(asked.headers[.contentType] == "text/vcard; charset=utf-8; version=4.0")
            #expect(asked.headers[.eTag] == get.headers[.eTag] && asked.headers[.vary] == "Accept")

            let multiget = try await dav(client, "REPORT", Self.book, body: """
                <C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">
                <D:prop><C:address-data version="4.0"><C:prop name="FN"/><C:prop name="BDAY"/></C:address-data></D:prop>
                <D:href>\(Self.book)ada.vcf</D:href></C:addressbook-multiget>
                """)
            #expect(multiget.text.contains("BDAY:--1210&#13;"), "Apple's year-less birthday in 4.0's form")
            #expect(!multiget.text.contains("X-APPLE-OMIT-YEAR") && !multiget.text.contains("PHOTO"))
        }
    }

    @Test func aQueryOnTheNameMatchesItAsAPersonReadsIt() async throws {
        try await TestApp.run { client, _ in
            _ = try await dav(client, "PUT", Self.book + "ada.vcf", body: "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ada\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r\n")
            _ = try await dav(client, "PUT", Self.book + "grace.vcf", body: "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:grace\r\nFN:Grace Hopper\r\nN:Hopper;Grace;;;\r\nCATEGORIES:Friends,Work\\,Stuff\r\nEND:VCARD\r\n")
            for (property, match, text) in [("N", "equals", "lovelace ada"), ("N", "ends-with", "Ada")] {
                let query = try await dav(client, "REPORT", Self.book, body: """
                    <C:addressbook-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><D:getetag/></D:prop>
                    <C:filter><C:prop-filter name="\(property)"><C:text-match match-type="\(match)">\(text)</C:text-match></C:prop-filter></C:filter>
                    </C:addressbook-query>
                    """, headers: [HTTPField.Name("Depth")!: "1"])
                #expect(query.status.code == 207)
                #expect(query.text.contains("ada.vcf") && !query.text.contains("grace.vcf"), "\(match)")
            }
            // Each value of a list is matched on its own (RFC 6352 10.5.4).
            for text in ["Friends", "Work,Stuff"] {
                let query = try await dav(client, "REPORT", Self.book, body: """
                    <C:addressbook-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><D:getetag/></D:prop>
                    <C:filter><C:prop-filter name="CATEGORIES"><C:text-match match-type="equals">\(text)</C:text-match></C:prop-filter></C:filter>
                    </C:addressbook-query>
                    """, headers: [HTTPField.Name("Depth")!: "1"])
                #expect(query.text.contains("grace.vcf") && !query.text.contains("ada.vcf"), "\(text)")
            }
        }
    }

    /// param-filter on the stored cards: a TYPE by any spelling of its list, 2.1's bare types too.
    @Test func aQueryFindsANumberByItsType() async throws {
        try await TestApp.run { client, _ in
            let cards = [
                "ada": "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ada\r\nFN:Ada\r\nN:;Ada;;;\r\nTEL;TYPE=HOME:+1 555 0100\r\nitem1.TEL;TYPE=\"voice,CELL\":+1 777 0100\r\nEND:VCARD\r\n",
                "bob": "BEGIN:VCARD\r\nVERSION:2.1\r\nUID:bob\r\nFN:Bob\r\nN:;Bob;;;\r\nTEL;CELL;VOICE:+1 555 0199\r\nEND:VCARD\r\n",
                "cy": "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:cy\r\nFN:Cy\r\nN:;Cy;;;\r\nTEL;VALUE=uri;TYPE=work:tel:+1-555-0123\r\nEND:VCARD\r\n",
            ]
            for (name, card) in cards {
                let put = try await dav(client, "PUT", Self.book + name + ".vcf", body: card)
                #expect(put.status == .created)
            }
            func found(_ propFilter: String) async throws -> [String] {
                let query = try await dav(client, "REPORT", Self.book, body: """
                    <C:addressbook-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><D:getetag/></D:prop>
                    <C:filter>\(propFilter)</C:filter></C:addressbook-query>
                    """, headers: [HTTPField.Name("Depth")!: "1"])
                #expect(query.status.code == 207)
                return cards.keys.filter { query.text.contains(Self.book + $0 + ".vcf") }.sorted()
            }
            let cell = #"<C:param-filter name="type"><C:text-match match-type="equals">cell</C:text-match></C:param-filter>"#
            let mobiles = try await found(#"<C:prop-filter name="TEL">\#(cell)</C:prop-filter>"#)
            #expect(mobiles == ["ada", "bob"])
            let mobile555 = try await found(#"<C:prop-filter name="TEL" test="allof"><C:text-match>555</C:text-match>\#(cell)</C:prop-filter>"#)
            #expect(mobile555 == ["bob"])
            let notURIs = try await found(#"<C:prop-filter name="TEL"><C:param-filter name="VALUE"><C:is-not-defined/></C:param-filter></C:prop-filter>"#)
            #expect(notURIs == ["ada", "bob"])
        }
    }

    /// iOS writes a UUID in upper case, DAVx5 in lower, vCard 4.0 apps after `urn:uuid:`: one
    /// contact all the same, as for an import.
    @Test func everySpellingOfAUUIDIsOneContact() async throws {
        try await TestApp.run { client, store in
            let uuid = "cb426428-dd4a-4ec7-8b1e-e46a427a2fbe"
            func card(_ uid: String) -> String { "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:\(uid)\r\nFN:Sq\r\nEND:VCARD\r\n" }
            #expect(try await dav(client, "PUT", Self.book + "sq1.vcf", body: card("urn:uuid:" + uuid)).status == .created)
            for spelling in [uuid, uuid.uppercased(), "URN:UUID:" + uuid.uppercased()] {
                let other = try await dav(client, "PUT", Self.book + "sq2.vcf", body: card(spelling))
                #expect(other.status == .forbidden, "\(spelling)")
                #expect(other.text.contains("no-uid-conflict") && other.text.contains(Self.book + "sq1.vcf"))
            }
            // The card itself may change how it spells its UID.
            #expect(try await dav(client, "PUT", Self.book + "sq1.vcf", body: card(uuid.uppercased())).status == .noContent)
            #expect(try await store.all().count == 1)
        }
    }

    @Test func aCardWithoutUIDIsStoredWithOneAndAnsweredWithoutAnETag() async throws {
        try await TestApp.run { client, _ in
            let put = try await dav(client, "PUT", Self.book + "nouid.vcf", body: "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nN:;Ada;;;\r\nEND:VCARD\r\n")
            #expect(put.status == .created)
            #expect(put.headers[.eTag] == nil, "the client must fetch what was stored")
            #expect(try await dav(client, "GET", Self.book + "nouid.vcf").text.contains("UID:"))
        }
    }

    @Test func refusalsCarryTheCardDAVPreconditionAndStoreNothing() async throws {
        try await TestApp.run { client, store in
            let card = try VCardRoutesTests.card("apple")
            _ = try await dav(client, "PUT", Self.book + "ada.vcf", body: card)
            let sameUID = try await dav(client, "PUT", Self.book + "other.vcf", body: card)
            #expect(sameUID.status == .forbidden)
            #expect(sameUID.text.contains("no-uid-conflict"))
            #expect(sameUID.text.contains(Self.book + "ada.vcf"))
            // RFC 6352 6.3.2.1: nor may a card overwrite one of another UID.
            let otherUID = card.replacingOccurrences(of: "UID:", with: "UID:changed-")
            #expect(otherUID != card)
            let overwrite = try await dav(client, "PUT", Self.book + "ada.vcf", body: otherUID)
            #expect(overwrite.status == .forbidden)
            #expect(overwrite.text.contains("no-uid-conflict") && overwrite.text.contains(Self.book + "ada.vcf"))
            #expect(try await dav(client, "GET", Self.book + "ada.vcf").text == card)
            let notACard = try await dav(client, "PUT", Self.book + "json.vcf", body: #"{"firstname": "Ada"}"#)
            #expect(notACard.status == .forbidden)
            #expect(notACard.text.contains("valid-address-data"))
            // A condition that fails is said before the card is read (RFC 9110 13.2.2): the
            // client's copy is stale, whatever it sent.
            let staleCopy = try await dav(client, "PUT", Self.book + "ada.vcf", body: "not a card", headers: [.ifMatch: #""stale""#])
            #expect(staleCopy.status.code == 412)
            let taken = try await dav(client, "PUT", Self.book + "ada.vcf", body: "not a card", headers: [.ifNoneMatch: "*"])
            #expect(taken.status.code == 412)
            let gone = try await dav(client, "PUT", Self.book + "never.vcf", body: "not a card", headers: [.ifMatch: "*"])
            #expect(gone.status.code == 412)
            let one = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:x3\r\nFN:Three\r\nEND:VCARD\r\n"
            let two = one + one.replacingOccurrences(of: "3", with: "4")
            let twoCards = try await dav(client, "PUT", Self.book + "two.vcf", body: two)
            #expect(twoCards.status == .forbidden)
            #expect(twoCards.text.contains("valid-address-data") && twoCards.text.contains("Line 6 follows the card"))
            let nested = one.replacingOccurrences(of: "END:VCARD\r\n", with: "BEGIN:VCARD\r\nFN:inner\r\nEND:VCARD\r\nEND:VCARD\r\n")
            let inside = try await dav(client, "PUT", Self.book + "nested.vcf", body: nested)
            #expect(inside.status == .forbidden)
            #expect(inside.text.contains("Line 5 begins a card inside the card"))
            // Which of two UIDs names the card would be each client's guess; the same one twice is one.
            let twoUIDs = try await dav(client, "PUT", Self.book + "uids.vcf", body: one.replacingOccurrences(of: "FN:", with: "UID:x5\r\nFN:"))
            #expect(twoUIDs.status == .forbidden)
            #expect(twoUIDs.text.contains("valid-address-data") && twoUIDs.text.contains("2 different UIDs"))
            #expect(try await dav(client, "GET", Self.book + "uids.vcf").status == .notFound)
            let sameTwice = try await dav(client, "PUT", Self.book + "uids.vcf", body: one.replacingOccurrences(of: "FN:", with: "UID:x3\r\nFN:"))
            #expect(sameTwice.status == .created)
            #expect(try await dav(client, "DELETE", Self.book + "uids.vcf").status == .noContent)
            let uuid = "0C1F9D7E-3B6A-4F58-9E2D-5A7B8C9D0E1F"
            let spellings = one.replacingOccurrences(of: "UID:x3", with: "UID:urn:uuid:\(uuid)\r\nUID:\(uuid.lowercased())")
            #expect(try await dav(client, "PUT", Self.book + "uids.vcf", body: spellings).status == .created)
            #expect(try await dav(client, "DELETE", Self.book + "uids.vcf").status == .noContent)
            let huge = one.replacingOccurrences(of: "FN:Three", with: "NOTE:" + String(repeating: "x", count: 9 << 20))
            let tooLarge = try await dav(client, "PUT", Self.book + "huge.vcf", body: huge)
            #expect(tooLarge.status == .forbidden)
            #expect(tooLarge.text.contains("max-resource-size"))
            let blankAfter = try await dav(client, "PUT", Self.book + "blank.vcf", body: one + "\r\n \r\n")
            #expect(blankAfter.status == .created, "blank lines after the card are no second card")
            _ = try await dav(client, "DELETE", Self.book + "blank.vcf")
            let stale = try await dav(client, "PUT", Self.book + "ada.vcf", body: card, headers: [.ifMatch: "\"1-9\""])
            #expect(stale.status == .preconditionFailed)
            let exists = try await dav(client, "PUT", Self.book + "ada.vcf", body: card, headers: [.ifNoneMatch: "*"])
            #expect(exists.status == .preconditionFailed)
            let badXML = try await dav(client, "PROPFIND", Self.book, body: #"<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>"#)
            #expect(badXML.status == .badRequest)
            let infinity = try await dav(client, "PROPFIND", "/dav/addressbooks/friends/", headers: [HTTPField.Name("Depth")!: "infinity"])
            #expect(infinity.status == .forbidden)
            #expect(infinity.text.contains("propfind-finite-depth"))
            let garbageToken = try await dav(client, "REPORT", Self.book, body: Self.syncCollection.replacingOccurrences(of: "TOKEN", with: "garbage"))
            #expect(garbageToken.status == .forbidden)
            #expect(garbageToken.text.contains("valid-sync-token"))
            #expect(try await store.all().count == 1)
        }
    }

    @Test func basicWithTheTokenAsPasswordAndA401ThatMakesClientsAsk() async throws {
        try await TestApp.run(token: "s3cret") { client, _ in
            let refused = try await dav(client, "PROPFIND", Self.book)
            #expect(refused.status == .unauthorized)
            #expect(refused.headers[values: .wwwAuthenticate].contains(#"Basic realm="Friends", charset="UTF-8""#))
            let basic = "Basic " + Data("anyone:s3cret".utf8).base64EncodedString()
            let allowed = try await dav(client, "PROPFIND", Self.book, headers: [.authorization: basic, HTTPField.Name("Depth")!: "0"])
            #expect(allowed.status.code == 207)
            let wrong = "Basic " + Data("anyone:nope".utf8).base64EncodedString()
            #expect(try await dav(client, "PROPFIND", Self.book, headers: [.authorization: wrong]).status == .unauthorized)
            #expect(try await client.send(.get, "/friends", headers: [.authorization: basic]).status == .ok)
        }
    }
}

import Foundation
import FriendsAPI
import Hummingbird
import HummingbirdTesting
import Testing
import VCard

@testable import FriendService
@testable import FriendStorage

/// Friends as vCards over REST: export, import, the photo as the avatar, edits in place.
struct VCardRoutesTests {
    static let cards = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("VCardTests/Cards")

    static func card(_ name: String) throws -> String {
        try String(decoding: Data(contentsOf: cards.appendingPathComponent(name + ".vcf")), as: UTF8.self)
    }

    private func importCards(_ text: String, into client: any TestClientProtocol, contentType: String = "text/vcard") async throws -> TestResponse {
        try await client.execute(uri: "/friends/import", method: .post, headers: [.contentType: contentType], body: ByteBuffer(string: text))
    }

    @Test func importingCreatesThenMergesByUIDSoTheSameFileTwiceCreatesNothing() async throws {
        try await TestApp.run { client, store in
            let file = try Self.card("apple") + Self.card("google") + Self.card("davx5")
            let first = try await importCards(file, into: client)
            #expect(first.status == .ok)
            #expect(first.text == #"{"created":4,"failed":[],"groups":{"created":0,"unchanged":0,"updated":0},"remarks":[],"unchanged":0,"updated":0}"#)
            let again = try await importCards(file, into: client)
            #expect(again.text == #"{"created":0,"failed":[],"groups":{"created":0,"unchanged":0,"updated":0},"remarks":[],"unchanged":4,"updated":0}"#)
            #expect(try await store.all().map(\.friend.displayName) == ["Acme Plumbing", "Grace Hopper", "Ada Lovelace", "Mom"])
            let changed = try Self.card("davx5").replacingOccurrences(of: "NICKNAME:Mama", with: "NICKNAME:Mum")
            #expect(try await importCards(changed, into: client).text == #"{"created":0,"failed":[],"groups":{"created":0,"unchanged":0,"updated":0},"remarks":[],"unchanged":0,"updated":1}"#)
        }
    }

    /// What a kept card holds that its friend does not show is said beside the counts, by the
    /// card's position; the card keeps it.
    @Test func theReportSaysWhatAKeptCardHoldsThatItsFriendDoesNotShow() async throws {
        try await TestApp.run { client, store in
            let file = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:fine\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r\n"
                + "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:nameless\r\nN:;;;;\r\nNOTE:left on the fridge\r\nEND:VCARD\r\n"
                + "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:undated\r\nFN:Grace Hopper\r\nBDAY:sometime in spring\r\nEND:VCARD\r\n"
                + "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:family\r\nFN:Family\r\nN:;;;;\r\nX-ADDRESSBOOKSERVER-KIND:group\r\nEND:VCARD\r\n"
            let response = try await importCards(file, into: client)
            let report = try JSONDecoder().decode(ImportReport.self, from: Data(response.text.utf8))
            #expect(report.created == 3 && report.groups.created == 1 && report.failed.isEmpty)
            #expect(report.remarks == [
                ImportReport.Remark(index: 2, name: "No Name", remark: #"Nothing on it names anyone, so it is shown as "No Name"."#),
                ImportReport.Remark(index: 3, name: "Grace Hopper", remark: #"Its birthday "sometime in spring" is not a date Friends can show; the card keeps it."#),
            ])
            let kept = try #require(try await store.all().first { $0.friend.uid == "undated" })
            #expect(try await store.card(id: kept.friend.id)?.text.contains("BDAY:sometime in spring") == true)
        }
    }

    /// A card that came with LF line ends is exported with CRLF: importing the export, then the
    /// first file again, each changed the friend (a new version, a feed event, a stale ETag in
    /// every client); and a card without a `UID`, once with each line end, made two friends.
    @Test func theSameCardWithOtherLineEndsIsUnchangedAndOneFriend() async throws {
        try await TestApp.run { client, store in
            let withLF = "BEGIN:VCARD\nVERSION:3.0\nUID:lf-card\nFN:Lf Card\nN:Card;Lf;;;\nEND:VCARD\n"
            #expect(try await importCards(withLF, into: client).text == #"{"created":1,"failed":[],"groups":{"created":0,"unchanged":0,"updated":0},"remarks":[],"unchanged":0,"updated":0}"#)
            let export = try await client.send(.get, "/friends", headers: [.accept: "text/vcard"])
            #expect(export.text.contains("\r\nFN:Lf Card\r\n"))
            for file in [export.text, withLF] {
                #expect(try await importCards(file, into: client).text == #"{"created":0,"failed":[],"groups":{"created":0,"unchanged":0,"updated":0},"remarks":[],"unchanged":1,"updated":0}"#)
            }
            #expect(try await store.all().map(\.version) == [1])

            let withoutUID = "BEGIN:VCARD\nVERSION:3.0\nFN:No Uid\nN:Uid;No;;;\nEND:VCARD\n"
            #expect(try await importCards(withoutUID, into: client).text == #"{"created":1,"failed":[],"groups":{"created":0,"unchanged":0,"updated":0},"remarks":[],"unchanged":0,"updated":0}"#)
            let withCRLF = withoutUID.replacingOccurrences(of: "\n", with: "\r\n")
            #expect(try await importCards(withCRLF, into: client).text == #"{"created":0,"failed":[],"groups":{"created":0,"unchanged":0,"updated":0},"remarks":[],"unchanged":1,"updated":0}"#)
            #expect(try await store.all().count == 2)
        }
    }

    /// The `UID` made for a card without one: the card last in a file without a last line end, or
    /// first in one with a byte order mark, is the same card as in a file without those.
    @Test func aCardWithoutAUIDIsOneFriendWhateverTheFileStartsAndEndsWith() async throws {
        try await TestApp.run { client, store in
            let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:No Uid\r\nN:Uid;No;;;\r\nEND:VCARD"
            let created = #"{"created":1,"failed":[],"groups":{"created":0,"unchanged":0,"updated":0},"remarks":[],"unchanged":0,"updated":0}"#
            let unchanged = #"{"created":0,"failed":[],"groups":{"created":0,"unchanged":0,"updated":0},"remarks":[],"unchanged":1,"updated":0}"#
            #expect(try await importCards(card, into: client).text == created)
            #expect(try await importCards(card + "\r\n", into: client).text == unchanged)
            #expect(try await importCards("\u{FEFF}" + card + "\r\n", into: client).text == unchanged)
            #expect(try await store.all().count == 1)

            // A friend imported before, whose UID was made of the bytes as they came, is still found by it.
            let other = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Old Import\r\nN:Import;Old;;;\r\nEND:VCARD"
            let madeBefore = "friends-import-" + String(StableHash.of(Array(other.utf8)), radix: 16)
            _ = try await store.create(card: try VCardParser.parse(Array(other.utf8)).readyForStorage { madeBefore }, resourceName: nil)
            #expect(try await importCards(other, into: client).text == unchanged)
            #expect(try await store.all().count == 2)
        }
    }

    @Test func cardsImportedAgainAsTheyAreWriteNothingAndAChangedOneIsReplaced() async throws {
        struct Report: Decodable { var created, unchanged, updated: Int }
        let store = ChangeLogProbeStore()
        try await TestApp.run(store: store) { client, _ in
            let file = try Self.card("apple") + Self.card("davx5")
            let first = try JSONDecoder().decode(Report.self, from: Data(try await importCards(file, into: client).text.utf8))
            #expect(first.created > 0)
            let again = try JSONDecoder().decode(Report.self, from: Data(try await importCards(file, into: client).text.utf8))
            #expect((again.created, again.unchanged, again.updated) == (0, first.created, 0))
            #expect(store.replaces.withLockedValue { $0 } == 0, "a card kept as it is is told from a read")

            let changed = try Self.card("davx5").replacingOccurrences(of: "NICKNAME:Mama", with: "NICKNAME:Mum")
            let update = try JSONDecoder().decode(Report.self, from: Data(try await importCards(changed, into: client).text.utf8))
            #expect(update.updated == 1)
            #expect(store.replaces.withLockedValue { $0 } == 1)
        }
    }

    /// Cards are kept in batches side by side; a later card of a UID, in the same batch or
    /// another, is reported and leaves the friend the first one made as it made it.
    @Test(arguments: StoreKind.available)
    func aLaterCardOfTheSameUIDIsReportedWhateverBatchItFallsIn(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await TestApp.run(store: store) { client, store in
                func card(_ number: Int, note: String = "first") -> String {
                    "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:uid-\(number)\r\nFN:Friend \(number)\r\nNOTE:\(note)\r\nEND:VCARD\r\n"
                }
                let count = ImportBatch.capacity * 2 + 5
                let file = (0..<count).map { card($0) }.joined()
                    + card(count - 1, note: "second") + card(3, note: "second") + card(3, note: "third")
                let report = try await importCards(file, into: client).decode(ImportReport.self)
                #expect(report.created == count)
                #expect(report.updated == 0)
                #expect(report.failed.map(\.index) == [count + 1, count + 2, count + 3])
                #expect(report.failed.allSatisfy { $0.reason.hasPrefix("An earlier card of this file has the same UID") })
                let friends = try await store.all()
                #expect(friends.count == count)
                #expect(Set(friends.map(\.friend.about)) == ["first"])
            }
        }
    }

    /// A card at the limit of 1,000 properties (as a contact app may keep one) took a note and
    /// its `REV` over REST, and was then a card no reader took: every later edit answered 500, and
    /// CardDAV and the import refused it. An edit past the limits is refused instead; one that
    /// brings the card back within them goes through.
    @Test(arguments: StoreKind.available)
    func anEditThatWouldTakeACardPastItsLimitsIsRefusedAndLeavesItAsItWas(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await TestApp.run(store: store) { client, store in
                let lines = ["BEGIN:VCARD", "VERSION:3.0", "UID:thousand", "FN:Thousand Phones", "N:Phones;Thousand;;;"]
                    + (0..<(VCardLimits.maximumProperties - 4)).map { String(format: "TEL:+1 555 %04d", $0) } + ["END:VCARD", ""]
                let imported = try await importCards(lines.joined(separator: "\r\n"), into: client)
                #expect(imported.text == #"{"created":1,"failed":[],"groups":{"created":0,"unchanged":0,"updated":0},"remarks":[],"unchanged":0,"updated":0}"#)
                let id = try #require(try await store.all().first?.friend.id)
                let before = try #require(try await store.card(id: id))
                let refused = try await client.send(.patch, "/friends/\(id)", json: #"{"about": "x"}"#)
                #expect(refused.status == .badRequest)
                #expect(try refused.envelope.message.contains("more than 1000 properties"))
                #expect(try await store.card(id: id) == before)
                let shrunk = try await client.send(.patch, "/friends/\(id)", json: #"{"phones": [{"label": "mobile", "value": "+1 555 0000"}], "about": "x"}"#)
                #expect(shrunk.status == .ok)
                #expect(try shrunk.decode(Friend.self).phones.count == 1)
            }
        }
    }

    /// A card kept beyond the limits (by an edit before they were checked) is still read for an
    /// edit, which can then bring it back within them; a card from outside is held to them.
    @Test func aStoredCardBeyondTheLimitsIsStillReadForAnEdit() throws {
        let tooMany = VCardLimits.maximumProperties + 1
        let text = (["BEGIN:VCARD", "VERSION:3.0", "FN:Many"] + (0..<tooMany).map { "TEL:\($0)" } + ["END:VCARD", ""]).joined(separator: "\r\n")
        #expect(throws: VCardError.tooManyProperties(limit: VCardLimits.maximumProperties)) { try VCardParser.parse(Array(text.utf8)) }
        #expect(try FriendRecord.card(from: text).properties.count == 2 + tooMany)
    }

    /// Older macOS Contacts and Windows save vCard files as UTF-16.
    @Test func aFileInUTF16IsImported() async throws {
        try await TestApp.run { client, store in
            let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:utf16\r\nFN:Zoë Ålund\r\nN:Ålund;Zoë;;;\r\nEND:VCARD\r\n"
            let units: [UInt8] = text.utf16.flatMap { (unit: UInt16) -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
            let body = Data([0xFF, 0xFE] + units)
            let response = try await client.execute(
                uri: "/friends/import", method: .post, headers: [.contentType: "text/vcard"], body: ByteBuffer(data: body))
            #expect(response.text == #"{"created":1,"failed":[],"groups":{"created":0,"unchanged":0,"updated":0},"remarks":[],"unchanged":0,"updated":0}"#)
            #expect(try await store.all().map(\.friend.displayName) == ["Zoë Ålund"])
            #expect(try await store.card(id: try #require(try await store.all().first).friend.id)?.text == text)
        }
    }

    /// A vCard 3.0 file's charset is the one its Content-Type names (RFC 2425), as for a CardDAV
    /// PUT; one not read is refused before anything is kept.
    @Test func aFileInTheCharsetItsContentTypeNamesIsReadInIt() async throws {
        try await TestApp.run { client, store in
            func send(_ text: String, in encoding: String.Encoding, as contentType: String) async throws -> TestResponse {
                try await client.execute(
                    uri: "/friends/import", method: .post, headers: [.contentType: contentType],
                    body: ByteBuffer(bytes: Array(try #require(text.data(using: encoding)))))
            }
            let latin1 = try await send(
                "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:lat1\r\nFN:José Ñúñez\r\nN:Ñúñez;José;;;\r\nEND:VCARD\r\n",
                in: .isoLatin1, as: "text/vcard; charset=ISO-8859-1")
            #expect(latin1.text == #"{"created":1,"failed":[],"groups":{"created":0,"unchanged":0,"updated":0},"remarks":[],"unchanged":0,"updated":0}"#)
            let windows = try await send(
                "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:cp1252\r\nFN:Zoë “Euro” €\r\nN:€;Zoë “Euro”;;;\r\nEND:VCARD\r\n",
                in: .windowsCP1252, as: #"text/vcard;charset="windows-1252""#)
            #expect(windows.text.contains(#""created":1"#))
            // A byte Windows-1252 leaves unassigned is no reason to refuse the file, nor its card.
            let unassigned = try await client.execute(
                uri: "/friends/import", method: .post, headers: [.contentType: "text/vcard; charset=cp1252"],
                body: ByteBuffer(bytes: Array("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:x81\r\nFN:Odd\r\nNOTE:a".utf8) + [0x81] + Array("b\r\nEND:VCARD\r\n".utf8)))
            #expect(unassigned.text.contains(#""created":1"#))
            #expect(try await store.all().map(\.friend.displayName).sorted() == ["José Ñúñez", "Odd", "Zoë “Euro” €"])
            let unknown = try await send("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:K\r\nEND:VCARD\r\n", in: .utf8, as: "text/vcard; charset=x-klingon")
            #expect(unknown.status == .unsupportedMediaType)
            #expect(unknown.text.contains("Cards are read in UTF-8, UTF-16, ISO-8859-1 or Windows-1252, not x-klingon."))
            #expect(try await store.all().count == 3)
        }
    }

    /// A folder of files imported with one charset named for them all: one saved as UTF-16, or as
    /// UTF-8 with a byte order mark, is read as its mark says, as browsers read one.
    @Test func aByteOrderMarkWinsOverTheCharsetNamed() async throws {
        try await TestApp.run { client, store in
            func card(_ uid: String) -> String {
                "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:Jürgen Strauß\r\nN:Strauß;Jürgen;;;\r\nEND:VCARD\r\n"
            }
            let utf16: [UInt8] = [0xFF, 0xFE] + card("le").utf16.flatMap { (unit: UInt16) -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
            let utf16BigEndian: [UInt8] = [0xFE, 0xFF] + card("be").utf16.flatMap { (unit: UInt16) -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
            let utf8: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(card("bom").utf8)
            for (body, charset) in [(utf16, "windows-1252"), (utf16BigEndian, "iso-8859-1"), (utf8, "windows-1252")] {
                let response = try await client.execute(
                    uri: "/friends/import", method: .post, headers: [.contentType: "text/vcard; charset=\(charset)"],
                    body: ByteBuffer(bytes: body))
                #expect(response.text.contains(#""created":1,"failed":[]"#), "\(response.text)")
            }
            #expect(try await store.all().map(\.friend.displayName) == Array(repeating: "Jürgen Strauß", count: 3))
        }
    }

    /// The mark is recognized when its bytes arrive in pieces, and bytes that only begin like one
    /// are read in the charset named.
    @Test func aByteOrderMarkIsFoundAcrossChunks() throws {
        var marked = try ImportTranscoder(contentType: "text/vcard; charset=windows-1252")
        let text = Array("BEGIN:VCARD\r\nFN:Zoë\r\nEND:VCARD\r\n".utf8)
        let read = marked.append([0xEF]) + marked.append([0xBB]) + marked.append([0xBF] + text) + marked.finish()
        #expect(marked.reading(card: text).bytes == text, "read as UTF-8")
        #expect(read == [0xEF, 0xBB, 0xBF] + text)

        var unmarked = try ImportTranscoder(contentType: "text/vcard; charset=windows-1252")
        #expect(unmarked.append([0xEF]) == [])
        #expect(unmarked.append([0xBB, 0x41]) == [0xEF, 0xBB, 0x41])
        #expect(unmarked.reading(card: [0xEB]).bytes == Array("ë".utf8), "read as Windows-1252")

        var short = try ImportTranscoder(contentType: "text/vcard; charset=windows-1252")
        #expect(short.append([0xFE]) == [])
        #expect(short.finish() == [0xFE])
    }

    /// Outlook's 2.1 file in Windows-1252, sent once without naming its charset and once naming it
    /// (the web page's list, `friends import --charset`): one friend, kept as 2.1 wants its text
    /// (`CHARSET=UTF-8` in quoted-printable, not raw UTF-8 that 2.1 readers take for their code
    /// page); a line naming its own charset is read in it. A friend imported naming the charset
    /// before, whose `UID` was made of the whole file read as UTF-8, is still found.
    @Test func aVersion21FileIsOneFriendWhetherItsCharsetIsNamedOrNot() async throws {
        try await TestApp.run { client, store in
            // "ü" as Windows-1252 writes it.
            let card = Self.windows1252("BEGIN:VCARD\r\nVERSION:2.1\r\nN:Müller;Jürgen\r\nFN:Jürgen Müller\r\n"
                + "ORG;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Caf=C3=A9\r\nTEL;CELL:+49 170 1234\r\nEND:VCARD\r\n")
            func send(_ bytes: [UInt8], as contentType: String) async throws -> ImportReport {
                let response = try await client.execute(
                    uri: "/friends/import", method: .post, headers: [.contentType: contentType], body: ByteBuffer(bytes: bytes))
                return try JSONDecoder().decode(ImportReport.self, from: Data(response.text.utf8))
            }
            #expect(try await send(card, as: "text/vcard").created == 1)
            for contentType in ["text/vcard; charset=windows-1252", "text/vcard; charset=iso-8859-1", "text/vcard"] {
                let again = try await send(card, as: contentType)
                #expect(again.created == 0 && again.updated == 0 && again.unchanged == 1, "\(contentType)")
            }
            let friends = try await store.all()
            #expect(friends.map(\.friend.displayName) == ["Jürgen Müller"])
            #expect(friends.first?.friend.organization == "Café")
            let kept = try #require(friends.first)
            let text = try #require(try await store.card(id: kept.friend.id)?.text)
            #expect(!text.contains("Müller"), "2.1 text beyond ASCII names its charset")

            let other = Self.windows1252("BEGIN:VCARD\r\nVERSION:2.1\r\nN:Grün;Anna\r\nEND:VCARD\r\n")
            let readBefore = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN:Grün;Anna\r\nEND:VCARD\r\n".utf8)
            let uidBefore = "friends-import-" + String(StableHash.of(readBefore), radix: 16)
            _ = try await store.create(card: try VCardParser.parse(readBefore).readyForStorage { uidBefore }, resourceName: nil)
            let found = try await send(other, as: "text/vcard; charset=windows-1252")
            #expect(found.created == 0 && found.updated == 1)
            #expect(try await store.all().count == 2)
        }
    }

    private static func windows1252(_ text: String) -> [UInt8] {
        Array(text.data(using: .windowsCP1252)!)
    }

    /// A card exported here and saved again by a vCard 4.0 app comes back with `urn:uuid:` before
    /// its UUID: the same contact, updated, not a second one; and the other way round.
    @Test func aUUIDWithOrWithoutUrnUuidIsOneContact() async throws {
        try await TestApp.run { client, store in
            let uuid = "5F1C3A0E-8B2D-4C71-9E55-0123456789AB"
            func card(_ uid: String, note: String) -> String {
                "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nNOTE:\(note)\r\nEND:VCARD\r\n"
            }
            #expect(try await importCards(card(uuid, note: "3.0"), into: client).text.contains(#""created":1"#))
            let again = try await importCards(card("urn:uuid:\(uuid)", note: "4.0"), into: client)
            #expect(again.text == #"{"created":0,"failed":[],"groups":{"created":0,"unchanged":0,"updated":0},"remarks":[],"unchanged":0,"updated":1}"#)
            #expect(try await importCards(card(uuid, note: "3.0 again"), into: client).text.contains(#""updated":1"#))
            // In one file, the second spelling is the same contact again: reported, not kept over the first.
            let both = try await importCards(card(uuid, note: "bare") + card("URN:UUID:\(uuid)", note: "prefixed"), into: client)
            #expect(try both.decode(ImportReport.self).failed.map(\.index) == [2])
            #expect(try await store.all().map(\.friend.about) == ["bare"])
            // Apple writes a UUID in upper case, most other apps in lower.
            let lower = try await importCards(card("URN:UUID:\(uuid.lowercased())", note: "lower"), into: client)
            #expect(lower.text.contains(#""updated":1"#), "\(lower.text)")
            #expect(try await store.all().map(\.friend.about) == ["lower"])
            #expect(try await importCards(card("urn:uuid:not-a-uuid", note: "x"), into: client).text.contains(#""created":1"#))
        }
    }

    /// `a/b` and `a-b` both make the resource name `a-b.vcf`, and a CardDAV client may have named
    /// another card `c.vcf`: each card is still kept, under a name of its own.
    @Test(arguments: StoreKind.available)
    func cardsWhoseUIDsGiveATakenResourceNameAreKeptUnderNamesOfTheirOwn(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await TestApp.run(store: store) { client, store in
                let davCard = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:from-dav\r\nFN:Named By DAV\r\nEND:VCARD\r\n"
                let named = try await store.create(card: try VCardParser.parse(Array(davCard.utf8)), resourceName: "c.vcf")
                func card(uid: String, name: String) -> String {
                    "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:\(name)\r\nEND:VCARD\r\n"
                }
                let file = card(uid: "a/b", name: "Slash") + card(uid: "a-b", name: "Dash") + card(uid: "c", name: "Cee")
                let first = try await importCards(file, into: client)
                #expect(first.status == .ok)
                #expect(first.text == #"{"created":3,"failed":[],"groups":{"created":0,"unchanged":0,"updated":0},"remarks":[],"unchanged":0,"updated":0}"#)
                #expect(try await importCards(file, into: client).text == #"{"created":0,"failed":[],"groups":{"created":0,"unchanged":0,"updated":0},"remarks":[],"unchanged":3,"updated":0}"#)

                let friends = try await store.all()
                #expect(friends.map(\.friend.displayName) == ["Cee", "Dash", "Named By DAV", "Slash"])
                var names: [String: String] = [:]
                for stored in friends {
                    names[stored.friend.uid] = try #require(try await store.card(id: stored.friend.id)).resourceName
                }
                #expect([names["a/b"], names["a-b"]].contains("a-b.vcf"))
                #expect(names["from-dav"] == "c.vcf")
                #expect(Set(names.values).count == 4)
                #expect(try await store.friend(id: named.friend.id) == named)
            }
        }
    }

    /// Two cards of one UID in a file would make one friend, the second replacing the first in
    /// silence: the second is reported, the first kept. A card with two UIDs of its own is refused,
    /// as CardDAV refuses it (a contact app could read it, and never save it back).
    @Test func aUIDTwiceInAFileAndACardWithTwoUIDsAreReported() async throws {
        try await TestApp.run { client, store in
            func card(_ lines: String) -> String { "BEGIN:VCARD\r\nVERSION:3.0\r\n\(lines)END:VCARD\r\n" }
            let noUID = card("FN:Same Bytes\r\n")
            let body = card("UID:dup-1\r\nFN:Dup First\r\nTEL:111\r\n") + card("UID:other\r\nFN:Other\r\n")
                + card("UID:dup-1\r\nFN:Dup Second\r\nTEL:222\r\n") + noUID + noUID
                + card("UID:two-a\r\nUID:two-b\r\nFN:Two UIDs\r\n") + card("UID:urn:uuid:5F1C3A0E-8B2D-4C71-9E55-0123456789AB\r\nUID:5f1c3a0e-8b2d-4c71-9e55-0123456789ab\r\nFN:One UUID Twice\r\n")
            let report = try await importCards(body, into: client).decode(ImportReport.self)
            #expect(report.created == 4)
            #expect(report.failed == [
                .init(index: 3, name: "Dup Second", reason: "An earlier card of this file has the same UID, and was kept: a file holds each contact once."),
                .init(index: 5, name: "Same Bytes", reason: "The same card came earlier in this file, and was kept."),
                .init(index: 6, name: "Two UIDs", reason: "The card has 2 different UIDs; a card has one (RFC 6350 6.7.6)."),
            ])
            #expect(Set(try await store.all().map(\.friend.displayName)) == ["Dup First", "Other", "Same Bytes", "One UUID Twice"])
            // The same file again: every card kept is unchanged, and the same ones are reported.
            let again = try await importCards(body, into: client).decode(ImportReport.self)
            #expect(again.unchanged == 4)
            #expect(again.failed.map(\.index) == [3, 5, 6])
        }
    }

    @Test func badCardsAreReportedAndTheGoodOnesKept() async throws {
        try await TestApp.run { client, store in
            let body = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Cut Short\r\n"
                + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Good One\r\nN:One;Good;;;\r\nEND:VCARD\r\n"
                + "BEGIN:VCARD\r\nVERSION:3.0\r\nNOTE:Who is this?\r\nEND:VCARD\r\n"
                + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Not A Photo\r\nPHOTO;ENCODING=b;TYPE=JPEG:bm90IGFuIGltYWdl\r\nEND:VCARD\r\n"
                + "BEGIN:VCARD\r\nFN:Nul\u{0}Byte\r\nEND:VCARD\r\n"
            let response = try await importCards(body, into: client)
            #expect(response.status == .ok)
            let report = try response.decode(ImportReport.self)
            #expect(report.created == 3)
            #expect(report.failed.map(\.index) == [1, 5])
            #expect(report.failed.map(\.name) == ["Cut Short", "Nul Byte"], "a NUL is a space, as other control characters are")
            #expect(report.failed[0].reason == "The card ends without END:VCARD.")
            #expect(report.failed[1].reason == "Line 2 of the card holds a NUL byte.")
            #expect(Set(try await store.all().map(\.friend.displayName)) == ["Good One", "No Name", "Not A Photo"])
        }
    }

    /// iCloud exports a contact saved without a name as `N:;;;;` and an empty `FN`: it is kept, and
    /// shown by its nickname, e-mail or number, as the contact apps show it.
    @Test func contactsWithoutANameAreKeptAndShownByANicknameAnEmailOrANumber() async throws {
        try await TestApp.run { client, store in
            let nameless = ["NICKNAME:Skipper,Cap", "EMAIL;type=INTERNET:mystery@example.com", "TEL;type=CELL:+1 555 0100"]
            let body = nameless.enumerated().map { index, line in
                "BEGIN:VCARD\r\nVERSION:3.0\r\nN:;;;;\r\nFN:\r\n\(line)\r\nUID:nameless-\(index)\r\nEND:VCARD\r\n"
            }.joined()
            let report = try await importCards(body, into: client).decode(ImportReport.self)
            #expect(report == ImportReport(created: 3, updated: 0, unchanged: 0, failed: []))
            let friends = try await store.all().map(\.friend)
            #expect(Set(friends.map(\.firstname)) == ["Skipper", "mystery@example.com", "+1 555 0100"])
            #expect(friends.allSatisfy { $0.lastname.isEmpty && $0.organization.isEmpty })
            // The kept card says the same in its FN, which every vCard must have.
            let cards = try await store.cards(matching: nil, afterID: 0, limit: 10).map(\.text)
            #expect(Set(cards.compactMap { $0.split(separator: "\r\n").first { $0.hasPrefix("FN:") } })
                == ["FN:Skipper", "FN:mystery@example.com", "FN:+1 555 0100"])
        }
    }

    /// A contact app would never sync a contact whose card is refused: a photo that cannot be
    /// served keeps the card, byte for byte, and the friend shows their initials.
    @Test func aCardWithAPhotoThatCannotBeServedIsKeptWithoutAPicture() async throws {
        try await TestApp.run { client, store in
            let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:tiff\r\nFN:Old Mac\r\nN:Mac;Old;;;\r\n"
                + "PHOTO;ENCODING=b;TYPE=TIFF:SUkqAAgAAAA=\r\nEND:VCARD\r\n"
            let report = try await importCards(card, into: client).decode(ImportReport.self)
            #expect(report.created == 1)
            let stored = try #require(try await store.all().first)
            #expect(!stored.friend.photo)
            #expect(try await store.card(id: stored.friend.id)?.text == card)
            let avatar = try await client.send(.get, "/friends/\(stored.friend.id)/avatar")
            #expect(avatar.status == .ok)
            #expect(avatar.headers[.contentType]?.hasPrefix("image/svg+xml") == true)
        }
    }

    @Test func aBodyWithoutAnyCardOrOfAnotherTypeIsRefused() async throws {
        try await TestApp.run { client, store in
            let none = try await importCards(#"{"firstname": "Ada"}"#, into: client)
            #expect(none.status == .badRequest)
            #expect(try none.envelope.message.contains("holds no vCard"))
            let json = try await importCards(try Self.card("apple"), into: client, contentType: "application/json")
            #expect(json.status == .unsupportedMediaType)
            #expect(try await store.all().isEmpty)
        }
    }

    @Test func exportStreamsEveryCardAndASearchNarrowsIt() async throws {
        try await TestApp.run { client, _ in
            _ = try await importCards(try Self.card("apple") + Self.card("thunderbird"), into: client)
            _ = try await client.createFriend()
            let all = try await client.execute(uri: "/friends", method: .get, headers: [.accept: "text/vcard"], body: nil)
            #expect(all.status == .ok)
            #expect(all.headers[.contentType] == "text/vcard; charset=utf-8")
            // Cards imported side by side get their ids in the order their writes land, so the
            // export's order between the two is not the file's.
            let exported = all.text.components(separatedBy: "BEGIN:VCARD").dropFirst().map { "BEGIN:VCARD" + $0 }
            #expect(exported.count == 3)
            #expect(exported.contains(try Self.card("apple")))
            // Thunderbird ends its lines with LF alone; the file ends every line with CRLF.
            let thunderbird = try Self.card("thunderbird").replacingOccurrences(of: "\n", with: "\r\n")
            #expect(exported.contains(thunderbird))
            let turing = try await client.execute(uri: "/friends?q=turing", method: .get, headers: [.accept: "text/vcard"], body: nil)
            #expect(turing.text == thunderbird)
            let json = try await client.execute(uri: "/friends", method: .get, headers: [.accept: "application/json, text/vcard;q=0.5"], body: nil)
            #expect(json.headers[.contentType]?.hasPrefix("application/json") == true)
            // As the list in JSON refuses it: the export of one of two searches is not what was asked for.
            let twice = try await client.execute(uri: "/friends?q=turing&q=apple", method: .get, headers: [.accept: "text/vcard"], body: nil)
            #expect(twice.status == .badRequest)
            #expect(twice.text.contains(#""q":"Given more than once.""#), "\(twice.text)")
        }
    }

    /// RFC 6350 3.2: a vCard file's lines end in CRLF. A card imported with bare LF or CR line ends
    /// is kept as it came (its own GET gives it back so), and the file of every card ends them all alike.
    @Test func theExportEndsEveryLineWithCRLFWhateverTheCardsCameWith() async throws {
        try await TestApp.run { client, _ in
            let lf = "BEGIN:VCARD\nVERSION:3.0\nUID:lf\nFN:Line Feed\nN:Feed;Line;;;\nNOTE:folded\n  here\nEND:VCARD\n"
            let cr = "BEGIN:VCARD\rVERSION:3.0\rUID:cr\rFN:Carriage Return\rN:Return;Carriage;;;\rEND:VCARD\r"
            _ = try await importCards(lf, into: client)
            _ = try await importCards(cr, into: client)
            let kept = try await client.execute(uri: "/friends/1", method: .get, headers: [.accept: "text/vcard"], body: nil)
            #expect(kept.text == lf)
            let all = try await client.execute(uri: "/friends", method: .get, headers: [.accept: "text/vcard"], body: nil)
            let bytes = Array(all.body.readableBytesView)
            #expect(zip(bytes, bytes.dropFirst()).allSatisfy { ($0 == 13) == ($1 == 10) }, "\(all.text.debugDescription)")
            #expect(bytes.last == 10 && all.text.contains("NOTE:folded\r\n  here\r\n"))
            #expect(all.text.components(separatedBy: "BEGIN:VCARD").count == 3)
        }
    }

    /// Two representations at one URL: each with a tag of its own (RFC 9110 8.8.3), both naming the
    /// friend's version, so that a cache never takes one for the other.
    @Test func oneFriendAsItsStoredCardWithATagOfItsOwn() async throws {
        try await TestApp.run { client, store in
            _ = try await importCards(try Self.card("android21"), into: client)
            let id = try #require(try await store.all().first?.friend.id)
            let json = try await client.send(.get, "/friends/\(id)")
            let card = try await client.execute(uri: "/friends/\(id)", method: .get, headers: [.accept: "text/vcard"], body: nil)
            #expect(json.headers[.eTag] == "\"\(id)-1\"" && card.headers[.eTag] == "\"\(id)-1.vcf\"")
            #expect(json.headers[.vary] == "Accept" && card.headers[.vary] == "Accept")
            let cardWithJSONTag = try await client.execute(
                uri: "/friends/\(id)", method: .get, headers: [.accept: "text/vcard", .ifNoneMatch: json.headers[.eTag] ?? ""], body: nil)
            #expect(cardWithJSONTag.status == .ok)
            let cardAgain = try await client.execute(
                uri: "/friends/\(id)", method: .get, headers: [.accept: "text/vcard", .ifNoneMatch: card.headers[.eTag] ?? ""], body: nil)
            #expect(cardAgain.status == .notModified)
            let patched = try await client.send(.patch, "/friends/\(id)", json: #"{"about": "x"}"#, headers: [.ifMatch: card.headers[.eTag] ?? ""])
            #expect(patched.status == .ok, "the card's tag names the version an edit is made against too")
            #expect(card.text.contains("VERSION:2.1\r\n"))
            #expect(card.text.contains("N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen;;;\r\n"))
        }
    }

    @Test func aRESTEditChangesOnlyTheMappedPropertiesOfTheCard() async throws {
        try await TestApp.run { client, store in
            _ = try await importCards(try Self.card("apple"), into: client)
            let friend = try #require(try await store.all().first?.friend)
            let before = try #require(try await store.card(id: friend.id)).text
            let response = try await client.send(.patch, "/friends/\(friend.id)", json: #"{"phonenumber": "+44 20 7946 0999"}"#)
            #expect(response.status == .ok)
            let after = try #require(try await store.card(id: friend.id)).text
            let removed = Set(before.components(separatedBy: "\r\n")).subtracting(after.components(separatedBy: "\r\n"))
            let added = Set(after.components(separatedBy: "\r\n")).subtracting(before.components(separatedBy: "\r\n"))
            #expect(removed == ["TEL;type=CELL;type=VOICE;type=pref:+44 20 7946 0018"])
            #expect(added.count == 2)
            #expect(added.contains("TEL;type=CELL;type=VOICE;type=pref:+44 20 7946 0999"))
            #expect(added.contains { $0.hasPrefix("REV:") })
            let updated = try response.decode(Friend.self)
            #expect(updated.phones.map(\.label) == ["mobile", "Ski cabin", "work"])
            #expect(updated.photo)
        }
    }

    /// A card may hold more than a client may write (a long note, a long number); the friend stays
    /// editable, and sent back whole, and only a value that changes is held to the rules.
    @Test func whatACardBroughtBeyondTheRulesDoesNotStopAnEdit() async throws {
        try await TestApp.run { client, store in
            let note = String(repeating: "Long story. ", count: 400)
            let number = String(repeating: "5", count: 60)
            let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:long-1\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\n"
                + "TEL;TYPE=HOME:\(number)\r\nTEL;TYPE=CELL:+44 20 7946 0018\r\nNOTE:\(note)\r\nEND:VCARD\r\n"
            #expect(try await importCards(card, into: client).text.contains(#""created":1"#))
            let friend = try #require(try await store.all().first?.friend)

            let whole = try await client.send(.get, "/friends/\(friend.id)")
            var sentBack = try JSONSerialization.jsonObject(with: Data(whole.text.utf8)) as? [String: Any] ?? [:]
            sentBack["firstname"] = "Augusta Ada"
            sentBack["phones"] = (sentBack["phones"] as? [[String: String]]).map { Array($0.reversed()) }
            for key in ["id", "version", "photo", "uid", "phonenumber", "email"] { sentBack[key] = nil }
            let body = String(decoding: try JSONSerialization.data(withJSONObject: sentBack), as: UTF8.self)
            let edited = try await client.send(.patch, "/friends/\(friend.id)", json: body)
            #expect(edited.status == .ok, "\(edited.text)")
            let saved = try edited.decode(Friend.self)
            #expect(saved.firstname == "Augusta Ada" && saved.about == note.trimmingCharacters(in: .whitespaces))
            #expect(saved.phones.map(\.value) == ["+44 20 7946 0018", number])

            let longer = try await client.send(.patch, "/friends/\(friend.id)", json: #"{"about": "\#(note)more"}"#)
            #expect(longer.status == .badRequest)
            #expect(longer.text.contains("About must be at most 2,000 characters."))
            let added = try await client.send(
                .patch, "/friends/\(friend.id)", json: #"{"phones": [{"label": "home", "value": "\#(number)"}, {"label": "work", "value": "\#(number)6"}]}"#)
            #expect(added.status == .badRequest)
            #expect(added.text.contains("Phone number 2:"))
        }
    }

    @Test func aFriendKnownByItsOrganizationAloneAndOneLeftWithoutAnyName() async throws {
        try await TestApp.run { client, _ in
            let (acme, _) = try await client.createFriend(#"{"organization": "Acme Plumbing", "phones": [{"label": "work", "value": "*155*181#"}]}"#)
            #expect(acme.displayName == "Acme Plumbing")
            #expect(acme.phonenumber == "*155*181#")
            let nameless = try await client.send(.patch, "/friends/\(acme.id)", json: #"{"organization": ""}"#)
            #expect(nameless.status == .badRequest)
            #expect(try nameless.envelope.fields == FriendValidation.nameMissingFailures)
            let found = try await client.send(.get, "/friends?q=plumb")
            #expect(try found.decode(FriendPage.self).items.map(\.id) == [acme.id])
        }
    }

    @Test func theCardsPhotoIsTheAvatarWithItsOwnContentType() async throws {
        try await TestApp.run { client, store in
            _ = try await importCards(try Self.card("thunderbird") + Self.card("rfc6350"), into: client)
            let friends = try await store.all()
            let turing = try #require(friends.first { $0.friend.lastname == "Turing" })
            let photo = try await client.send(.get, "/friends/\(turing.friend.id)/avatar")
            #expect(photo.status == .ok)
            #expect(photo.headers[.contentType] == "image/png")
            #expect(photo.headers[.xContentTypeOptions] == "nosniff")
            #expect(Array(photo.body.readableBytesView.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            let tag = try #require(photo.headers[.eTag])
            let again = try await client.send(.get, "/friends/\(turing.friend.id)/avatar", headers: [.ifNoneMatch: tag])
            #expect(again.status == .notModified)
            let byURL = try #require(friends.first { $0.friend.lastname == "Perreault" })
            let initials = try await client.send(.get, "/friends/\(byURL.friend.id)/avatar")
            #expect(initials.headers[.contentType] == "image/svg+xml; charset=utf-8")
        }
    }
}

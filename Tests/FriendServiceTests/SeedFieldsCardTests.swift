import Foundation
import FriendsAPI
import TestSupport
import Testing
import VCard

@testable import FriendStorage

/// A new friend's record made directly from the seed's fields is the record the vCard library
/// makes from the same fields: the same card, byte for byte, and the same friend and columns.
struct SeedFieldsCardTests {
    private let uid = "01A22770-1F5E-7E45-AE1E-03A579639601"
    private let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func theOriginalClientsFriendIsWrittenDirectlyAsTheLibraryWritesIt() throws {
        let fields = NewFriend(firstname: "Ada", lastname: "Lovelace", phonenumber: "+44 20 7946 0018", email: "ada@example.com")
        let direct = try #require(SeedFieldsCard(fields, uid: uid, now: now))
        #expect(VCardWriter.text(of: direct.card) == [
            "BEGIN:VCARD", "VERSION:3.0", "PRODID:-//Friends//FriendService//EN", "UID:\(uid)",
            "FN:Ada Lovelace", "N:Lovelace;Ada;;;", "TEL;TYPE=CELL,pref:+44 20 7946 0018",
            "EMAIL;TYPE=INTERNET,pref:ada@example.com", "REV:20261118T110640Z", "END:VCARD", "",
        ].joined(separator: "\r\n"))
        expectSameRecord(fields)
    }

    @Test func whatTheLibraryMapsByRulesOfItsOwnGoesTheLibrarysWay() {
        let others = [
            NewFriend(firstname: "", lastname: "", organization: "Analytical Engines"),
            NewFriend(firstname: "Ada", lastname: "Lovelace", organization: "Analytical Engines"),
            NewFriend(firstname: "Ada", lastname: "", phones: [LabeledValue(label: "work", value: "+44 20 7946 0018")]),
            NewFriend(firstname: "Ada", lastname: "", emails: [LabeledValue(label: "home", value: "ada@example.com")]),
            NewFriend(firstname: "Ada", lastname: "", addresses: [PostalAddress(label: "home", street: "12 St James's Square", city: "London")]),
            NewFriend(firstname: "Ada", lastname: "", birthday: "1815-12-10"),
            NewFriend(firstname: "No Name", lastname: "Lovelace"),
            NewFriend(firstname: "Ada", lastname: "", phonenumber: "TEL:+44 20 7946 0018"),
            NewFriend(firstname: "Ada", lastname: "", email: "mailto:ada@example.com"),
            NewFriend(firstname: "Ada", lastname: "", about: "Line one\r\nline two"),
        ]
        for fields in others {
            #expect(SeedFieldsCard(fields, uid: uid, now: now) == nil, "\(fields)")
            expectSameRecord(fields)
        }
    }

    /// Fields made of pieces that escaping, folding, trimming and the library's stand-in names
    /// treat specially, in every combination a fixed seed draws.
    @Test func generatedFriendsGetTheSameRecordEitherWay() {
        let pieces = [
            "", "Ada", "  Ada Byron ", "José", "李小龍", "O'Brien", "semi;colon", "com,ma", "back\\slash",
            "new\nline", "\tTab", "\u{00A0}nbsp\u{00A0}", "zero\u{200B}width", "👩‍👩‍👧", "No Name", "tel:+1 555 0100",
            "+1 (555) 0100", "mailto:ada@example.com", "ada@example.com", "colon:value", "\\n", "carriage\rreturn",
            String(repeating: "Lovelace ", count: 12), String(repeating: "é", count: 40),
            "\u{301}mark first", "prepended mark last\u{600}", "line break last\n",
        ]
        var random = SplitMix64(seed: 2004)
        var directly = 0
        for _ in 0..<3_000 {
            func draw() -> String { pieces[Int(random.next() % UInt64(pieces.count))] }
            var fields = NewFriend(firstname: draw(), lastname: draw(), phonenumber: draw(), email: draw(), about: draw() + draw())
            if random.next() % 8 == 0 { fields.organization = draw() }
            if SeedFieldsCard(fields, uid: uid, now: now) != nil { directly += 1 }
            expectSameRecord(fields)
        }
        #expect(directly > 1_500, "most generated friends are written directly (\(directly))")
    }

    private func expectSameRecord(_ fields: NewFriend, sourceLocation: SourceLocation = #_sourceLocation) {
        let made = FriendRecord(newFriend: fields, uid: uid, now: now)
        let reference = FriendRecord(card: VCard.make(from: fields, uid: uid, now: now))
        #expect(made.cardText == reference.cardText, "\(fields)", sourceLocation: sourceLocation)
        #expect(made.friend == reference.friend, "\(fields)", sourceLocation: sourceLocation)
        #expect(made.details == reference.details, "\(fields)", sourceLocation: sourceLocation)
        #expect(made.search == reference.search, "\(fields)", sourceLocation: sourceLocation)
        #expect(made.resourceName == reference.resourceName, "\(fields)", sourceLocation: sourceLocation)
    }
}


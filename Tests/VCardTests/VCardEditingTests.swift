import Foundation
import FriendsAPI
import Testing
@testable import VCard

@Suite("A REST write changes only the properties it maps, in place")
struct VCardEditingTests {
    private let now = Date(timeIntervalSince1970: 1_795_000_000)

    private func card(_ name: String) throws -> VCard {
        var reader = VCardStreamReader()
        guard case .card(_, let bytes)? = (reader.append(try SampleCards.bytes(name)) + reader.finish()).first else {
            throw TestFailure("no card in \(name)")
        }
        return try VCardParser.parse(bytes)
    }

    private func lines(_ card: VCard) -> [String] {
        VCardWriter.text(of: card).components(separatedBy: card.lineEnding.rawValue)
    }

    @Test func aNewPhoneNumberReplacesThePreferredTELValueAndKeepsItsTypes() throws {
        var card = try card("apple")
        let before = lines(card)
        card.apply(FriendUpdate(phonenumber: "+44 20 7946 0999"), now: now)
        let after = lines(card)
        #expect(after.contains("TEL;type=CELL;type=VOICE;type=pref:+44 20 7946 0999"))
        let changed = Set(after).symmetricDifference(before).sorted()
        #expect(changed == [
            "REV:20261118T110640Z", "TEL;type=CELL;type=VOICE;type=pref:+44 20 7946 0018",
            "TEL;type=CELL;type=VOICE;type=pref:+44 20 7946 0999",
        ])
    }

    /// A phone taken out of the middle of the list, or one added at its end, leaves the others as
    /// they were written: Apple's `VOICE` and Android's `X-CUSTOM(…)` label, which a list written
    /// afresh turned into `TYPE`s and label groups of our own.
    @Test func removingOrAddingAPhoneLeavesTheOthersAsWritten() throws {
        let android = "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Wang;Wei;;;\r\nTEL;CELL;PREF:+86 138 0000 0001\r\n"
            + "TEL;HOME:+86 10 0000 0002\r\nTEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,=E5=AE=9F=E5=AE=B6):+86 10 0000 0003\r\n"
            + "item1.TEL;type=CELL;type=VOICE:+86 138 0000 0004\r\nitem1.X-ABLabel:Boat\r\nEND:VCARD\r\n"
        var card = try VCardParser.parse(Array(android.utf8))
        let phones = card.friend(id: 1).phones
        #expect(phones.count == 4)
        var update = FriendUpdate()
        update.phones = [phones[0], phones[2]]
        card.apply(update, now: now)
        var written = lines(card)
        #expect(written.filter { $0.contains("TEL") } == [
            "TEL;CELL;PREF:+86 138 0000 0001",
            "TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,=E5=AE=9F=E5=AE=B6):+86 10 0000 0003",
        ])
        #expect(!written.contains { $0.contains("Boat") }, "the removed phone's label group goes with it")
        #expect(card.friend(id: 1).phones == [phones[0], phones[2]])

        update.phones = [phones[0], phones[2], LabeledValue(label: "work", value: "+86 10 0000 0005")]
        card.apply(update, now: now)
        written = lines(card)
        #expect(written.filter { $0.contains("TEL") } == [
            "TEL;CELL;PREF:+86 138 0000 0001",
            "TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,=E5=AE=9F=E5=AE=B6):+86 10 0000 0003",
            "TEL;WORK:+86 10 0000 0005",
        ])
        #expect(card.friend(id: 1).phones == update.phones)
    }

    /// A phone given another label is written afresh where it was, its Apple label line going
    /// with it; the others stay as they were written (Apple's `VOICE`, its `item` groups).
    @Test func relabellingAPhoneLeavesTheOthersAsWritten() throws {
        let apple = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Appleseed;Johnny;;;\r\nFN:Johnny Appleseed\r\n"
            + "TEL;type=CELL;type=VOICE;type=pref:+1 555 0001\r\nitem1.TEL:+1 555 0002\r\nitem1.X-ABLabel:iPhone\r\n"
            + "TEL;type=WORK;type=VOICE:+1 555 0003\r\nitem2.TEL:+1 555 0004\r\nitem2.X-ABLabel:_$!<Other>!$_\r\nEND:VCARD\r\n"
        for (relabelled, label, expected) in [
            (2, "home", ["TEL;TYPE=HOME:+1 555 0003"]),
            (1, "Boat", ["item3.TEL:+1 555 0002", "item3.X-ABLabel:Boat"]),
            (0, "work", ["TEL;TYPE=WORK,pref:+1 555 0001"]),
        ] {
            var card = try VCardParser.parse(Array(apple.utf8))
            let before = lines(card)
            var phones = card.friend(id: 1).phones
            let old = phones[relabelled]
            phones[relabelled].label = label
            card.apply(FriendUpdate(phones: phones), now: now)
            #expect(card.friend(id: 1).phones == phones, "\(label)")
            let after = lines(card)
            let removed = before.filter { !after.contains($0) }
            let added = after.filter { !before.contains($0) && !$0.hasPrefix("REV:") }
            #expect(added == expected, "\(label)")
            // Only the relabelled phone's lines go: its TEL, and its label line if it had one.
            #expect(removed.allSatisfy { $0.contains(old.value) || $0 == "item1.X-ABLabel:iPhone" }, "\(label): \(removed)")
            #expect(removed.count == (old.label == "iPhone" ? 2 : 1), "\(label): \(removed)")
        }
    }

    /// A label of the person's own added to an Android 2.1 card is written as Android writes it
    /// (`TEL;X-Ski-cabin:`), which Android's importer reads back and Apple's label group is not;
    /// one Android could not write either (a space) still takes the group.
    @Test func aLabelOfOnesOwnInAVersion21CardIsWrittenAsAndroidWritesIt() throws {
        var card = try VCardParser.parse(Array(
            "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Wang;Wei;;;\r\nTEL;CELL;PREF:+86 138 0000 0001\r\nEND:VCARD\r\n".utf8))
        var update = FriendUpdate()
        update.phones = card.friend(id: 1).phones + [
            LabeledValue(label: "Ski-cabin", value: "+86 10 0000 0002"), LabeledValue(label: "Ski cabin", value: "+86 10 0000 0003"),
        ]
        update.addresses = [PostalAddress(label: "Boat", street: "Pier 4", city: "Xiamen")]
        update.emails = [LabeledValue(label: "work", value: "wei@example.com"), LabeledValue(label: "Club", value: "wei@club.example")]
        card.apply(update, now: now)
        let written = lines(card)
        #expect(written.contains("TEL;X-Ski-cabin:+86 10 0000 0002"), "\(written)")
        #expect(written.contains("EMAIL;X-Club:wei@club.example"), "without INTERNET, which Android would take for the label: \(written)")
        #expect(card.friend(id: 1).emails == update.emails)
        #expect(written.contains { $0.hasSuffix(".X-ABLabel:Ski cabin") }, "\(written)")
        #expect(written.contains("ADR;X-Boat:;;Pier 4;Xiamen;;;"), "\(written)")
        #expect(card.friend(id: 1).phones == update.phones)
        #expect(card.friend(id: 1).addresses == update.addresses)
    }

    /// vCard 4.0 ranks its numbers (`PREF=1` first): the list read back is the list sent, the
    /// first one preferred, whatever the ranks said before.
    @Test func removingTheFirstOfRankedPhonesKeepsTheOrderSent() throws {
        var card = try VCardParser.parse(Array(
            "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada\r\nTEL;TYPE=home:111\r\nTEL;PREF=2:222\r\nTEL;PREF=1:333\r\nEND:VCARD\r\n".utf8))
        let phones = card.friend(id: 1).phones
        #expect(phones.map(\.value) == ["333", "111", "222"])
        var update = FriendUpdate()
        update.phones = Array(phones.dropFirst())
        card.apply(update, now: now)
        #expect(card.friend(id: 1).phones.map(\.value) == ["111", "222"])
    }

    /// A phone added with a label of its own goes after the last one's Apple label line, not
    /// between a number and its label.
    @Test func anAddedPhoneGoesAfterTheLastOnesLabel() throws {
        var card = try VCardParser.parse(Array(
            "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nitem1.TEL:111\r\nitem1.X-ABLabel:Boat\r\nNOTE:x\r\nEND:VCARD\r\n".utf8))
        var update = FriendUpdate()
        update.phones = card.friend(id: 1).phones + [LabeledValue(label: "Cabin", value: "222")]
        card.apply(update, now: now)
        let tel = lines(card).filter { $0.contains("TEL") || $0.contains("X-ABLabel") }
        #expect(tel == ["item1.TEL:111", "item1.X-ABLabel:Boat", "item2.TEL:222", "item2.X-ABLabel:Cabin"])
        #expect(card.friend(id: 1).phones.map(\.label) == ["Boat", "Cabin"])
    }

    /// A contact saved without a name (iCloud's `N:;;;;` and an empty `FN`) is stored with its
    /// number in `FN`: a new number takes its place there, or the old one would be shown as a name,
    /// and a form sending the friend back whole would write it into `N`.
    @Test func aContactShownByItsNumberIsShownByTheNewOne() throws {
        var card = try VCardParser.parse(Array("BEGIN:VCARD\r\nVERSION:3.0\r\nN:;;;;\r\nFN:\r\nTEL;TYPE=CELL:+1 650 555 0199\r\nEND:VCARD\r\n".utf8))
            .readyForStorage { "uid-1" }
        #expect(card.first("FN")?.text == "+1 650 555 0199")
        card.apply(FriendUpdate(phonenumber: "+1 650 555 0200"), now: now)
        #expect(card.first("FN")?.text == "+1 650 555 0200")
        let shown = card.friend(id: 1)
        #expect(shown.firstname == "+1 650 555 0200")

        var whole = FriendUpdate(firstname: shown.firstname, lastname: "", phonenumber: "+1 650 555 0201")
        whole.about = "met at the fair"
        card.apply(whole, now: now)
        #expect(card.first("N")?.text == ";;;;")
        #expect(card.first("FN")?.text == "+1 650 555 0201")

        // Named now: the name is the name, and a later number leaves it.
        card.apply(FriendUpdate(firstname: "Jane"), now: now)
        card.apply(FriendUpdate(phonenumber: "+1 650 555 0202"), now: now)
        #expect(card.first("FN")?.text == "Jane")
    }

    /// Phones write a field left blank as a property without a value (`TEL;TYPE=CELL:`).
    @Test func aPhoneOrEmailWithoutAValueIsNoEntryAndStaysAsItWasWhenTheOthersChange() throws {
        var card = try VCardParser.parse(Array((
            "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nTEL;TYPE=CELL:\r\nTEL;TYPE=HOME:+44 20 7946 0018\r\n"
                + "EMAIL;TYPE=INTERNET: \r\nEMAIL;TYPE=INTERNET:ada@example.org\r\nEND:VCARD\r\n"
        ).utf8))
        let friend = card.friend(id: 1)
        #expect(friend.phonenumber == "+44 20 7946 0018")
        #expect(friend.phones == [LabeledValue(label: "home", value: "+44 20 7946 0018")])
        #expect(friend.emails == [LabeledValue(label: "", value: "ada@example.org")])

        var update = FriendUpdate()
        update.phones = friend.phones
        update.emails = friend.emails
        #expect(FriendValidation.failures(of: update, keeping: friend).isEmpty, "the lists as read can be sent back")

        update.phones = [LabeledValue(label: "home", value: "+44 20 7946 0999")]
        card.apply(update, now: now)
        let written = lines(card)
        #expect(written.contains("TEL;TYPE=HOME:+44 20 7946 0999"))
        #expect(written.contains("TEL;TYPE=CELL:"))
        #expect(card.friend(id: 1).phones == [LabeledValue(label: "home", value: "+44 20 7946 0999")])
    }

    /// Japanese, Chinese, Korean and Hungarian names are shown family name first.
    @Test(arguments: [("佐藤 太郎", "佐藤 次郎"), ("佐藤太郎", "佐藤次郎")])
    func aNameShownFamilyNameFirstKeepsThatOrder(shown: String, expected: String) throws {
        var card = try VCardParser.parse(Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(shown)\r\nN:佐藤;太郎;;;\r\nEND:VCARD\r\n".utf8))
        card.apply(FriendUpdate(firstname: "次郎"), now: now)
        #expect(card.first("FN")?.text == expected)
        card.apply(FriendUpdate(lastname: "鈴木"), now: now)
        #expect(card.first("FN")?.text == expected.replacingOccurrences(of: "佐藤", with: "鈴木"))
        var western = try VCardParser.parse(Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r\n".utf8))
        western.apply(FriendUpdate(firstname: "Augusta"), now: now)
        #expect(western.first("FN")?.text == "Augusta Lovelace")
    }

    @Test func revIsInUTCWithEveryFieldPadded() {
        // 2001-02-03 04:05:06 UTC
        #expect(VCard.timestamp(Date(timeIntervalSince1970: 981_173_106)) == "20010203T040506Z")
    }

    @Test func namesMoveFNAndKeepTheOtherComponentsOfN() throws {
        var card = try card("apple")
        card.apply(FriendUpdate(firstname: "Augusta Ada"), now: now)
        #expect(card.first("N")?.value == "Lovelace;Augusta Ada;Augusta;Countess;")
        #expect(card.first("FN")?.value == "Augusta Ada Lovelace")
        #expect(card.first("PHOTO")?.source != nil)
        #expect(card.all("REV").count == 1)
    }

    @Test func aCardNamedInFullKeepsItsTitlesInFNWhenANameChanges() throws {
        var card = try VCardParser.parse(Array(
            "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Appleseed;Johnny;Q.;Dr.;Jr.\r\nFN:Dr. Johnny Q. Appleseed Jr.\r\nEND:VCARD\r\n".utf8
        ))
        card.apply(FriendUpdate(lastname: "Äppleseed"), now: now)
        #expect(card.first("N")?.text == "Äppleseed;Johnny;Q.;Dr.;Jr.")
        #expect(card.first("FN")?.text == "Dr. Johnny Q. Äppleseed Jr.")
        card.apply(FriendUpdate(firstname: "", lastname: "", organization: "Apple"), now: now)
        #expect(card.first("FN")?.text == "Apple", "titles alone are no name")
        #expect(card.friend(id: 0).firstname == "")
    }

    @Test(arguments: ["", "FN:+1 555 0100\r\n"])
    func namingAContactShownByItsNumberLeavesTheNumberOutOfTheName(_ storedName: String) throws {
        var card = try VCardParser.parse(Array(
            "BEGIN:VCARD\r\nVERSION:3.0\r\nN:;;;;\r\n\(storedName)TEL;TYPE=CELL:+1 555 0100\r\nEND:VCARD\r\n".utf8
        ))
        #expect(card.friend(id: 0).firstname == "+1 555 0100")
        card.apply(FriendUpdate(lastname: "Hopper"), now: now)
        #expect(card.first("N")?.text == "Hopper;;;;")
        #expect(card.first("FN")?.text == "Hopper")
        #expect(card.friend(id: 0).firstname == "")
        #expect(card.friend(id: 0).phonenumber == "+1 555 0100")
    }

    @Test func aContactShownByItsNumberCanBeGivenAFirstNameToo() throws {
        var card = try VCardParser.parse(Array("BEGIN:VCARD\r\nVERSION:3.0\r\nN:;;;;\r\nFN:+1 555 0100\r\nTEL:+1 555 0100\r\nEND:VCARD\r\n".utf8))
        card.apply(FriendUpdate(firstname: "Grace", lastname: "Hopper"), now: now)
        #expect(card.first("N")?.text == "Hopper;Grace;;;")
        #expect(card.first("FN")?.text == "Grace Hopper")
    }

    @Test func aVersion21CardGetsALineBreakAndAccentsAsQuotedPrintable() throws {
        var card = try card("android21")
        card.apply(FriendUpdate(about: "Première ligne\nsecond line = two "), now: now)
        #expect(lines(card).contains("NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Premi=C3=A8re ligne=0Asecond line =3D two=20"))
        let reread = try VCardParser.parse(VCardWriter.bytes(of: card))
        #expect(reread.friend(id: 0).about == "Première ligne\nsecond line = two ")
        // A version 3.0 card keeps its escapes.
        var modern = try self.card("apple")
        modern.apply(FriendUpdate(about: "one\ntwo"), now: now)
        #expect(lines(modern).contains("NOTE:one\\ntwo"))
    }

    @Test func nothingChangedLeavesEveryByteAndREV() throws {
        let original = try card("davx5")
        var card = original
        card.apply(FriendUpdate(firstname: "Mom", about: ""), now: now)
        #expect(card == original)
    }

    @Test func clearingThePreferredPhoneRemovesItWithItsLabel() throws {
        var card = try card("davx5")
        card.apply(FriendUpdate(phonenumber: ""), now: now)
        let friend = card.friend(id: 0)
        #expect(friend.phones == [LabeledValue(label: "mobile", value: "+1 555 0143")])
        #expect(!VCardWriter.text(of: card).contains("Summer house"))
    }

    @Test func aNewListOfPhonesIsWrittenPreferredFirstWithLabels() throws {
        var card = try card("google")
        let phones = [LabeledValue(label: "work", value: "+1 555 0100"), LabeledValue(label: "Boat", value: "+1 555 0101")]
        card.apply(FriendUpdate(phones: phones), now: now)
        #expect(card.friend(id: 0).phones == phones)
        let text = VCardWriter.text(of: card)
        #expect(text.contains("TEL;TYPE=WORK,pref:+1 555 0100"))
        #expect(text.contains("item1.TEL:+1 555 0101\r\nitem1.X-ABLabel:Boat"))
    }

    @Test func vCard4MarksThePreferredWithPREF() throws {
        var card = try card("thunderbird")
        card.apply(FriendUpdate(emails: [LabeledValue(label: "home", value: "alan@example.net")]), now: now)
        #expect(VCardWriter.text(of: card).contains("EMAIL;TYPE=HOME;PREF=1:alan@example.net\n"))
        #expect(card.version == "4.0")
    }

    @Test func aFriendCreatedOverRESTIsAVCard30WithAUID() throws {
        let fields = NewFriend(
            firstname: "", lastname: "", phonenumber: "+1 555 0100", email: "hello@acme.example",
            about: "Pipes; drains, taps", organization: "Acme Plumbing", birthday: "1990-01-31"
        )
        let card = VCard.make(from: fields, uid: "5A1D", now: now)
        let reread = try VCardParser.parse(VCardWriter.bytes(of: card))
        let friend = reread.friend(id: 7)
        #expect(reread.version == "3.0")
        #expect(friend.uid == "5A1D")
        #expect(friend.displayName == "Acme Plumbing")
        #expect(reread.first("FN")?.text == "Acme Plumbing")
        #expect(friend.about == "Pipes; drains, taps")
        #expect(friend.phonenumber == "+1 555 0100")
        #expect(friend.email == "hello@acme.example")
        #expect(friend.birthday == "1990-01-31")
    }

    @Test func longValuesAreFoldedAt75OctetsWithoutSplittingACharacter() throws {
        let about = String(repeating: "Zoë ", count: 60)
        let card = VCard.make(from: NewFriend(firstname: "Zoë", lastname: "", about: about), uid: "1", now: now)
        let text = VCardWriter.text(of: card)
        for line in text.components(separatedBy: "\r\n") {
            #expect(line.utf8.count <= 75)
        }
        #expect(try VCardParser.parse(Array(text.utf8)).friend(id: 0).about == FriendValidation.trim(about))
    }
}

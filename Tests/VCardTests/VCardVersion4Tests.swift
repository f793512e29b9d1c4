import Testing
@testable import VCard

/// A 2.1 or 3.0 card as CardDAV serves it to a client that asks for 4.0: in 4.0, saying what it said.
@Suite("vCard 2.1 and 3.0 written as 4.0")
struct VCardVersion4Tests {
    private func converted(_ lines: String) -> String {
        VCardVersion4.text(of: SampleCards.card(version: "3.0", lines: lines))
    }

    /// 4.0 has no `ENCODING`: a 3.0 note in base64 is written as its text.
    /// Base64 of what is no text, or of a property that is no text, is not read as text: its
    /// control characters would reach the card (4.0, without `ENCODING`, keeps the base64 as written).
    @Test func base64ThatIsNoTextIsNotReadAsText() {
        let text = converted("FN:Ann\r\nX-BLOB;ENCODING=b:AAECAwQ=\r\nNOTE;ENCODING=b:AAECAwQ=\r\n")
        #expect(SampleCards.innerLines(of: text) == ["FN:Ann", "X-BLOB:AAECAwQ=", "NOTE:AAECAwQ="])
    }

    @Test func aNoteInBase64IsWrittenAsText() {
        #expect(SampleCards.innerLines(of: converted("NOTE;ENCODING=b:Wm/Dqw==\r\n")).contains("NOTE:Zoë"))
    }

    @Test func applesCardBecomesFourPointZero() throws {
        let text = VCardVersion4.text(of: String(decoding: try SampleCards.bytes("apple"), as: UTF8.self))
        #expect(text == """
            BEGIN:VCARD\r
            VERSION:4.0\r
            PRODID:-//Apple Inc.//iPhone OS 17.0//EN\r
            N:Lovelace;Ada;Augusta;Countess;\r
            FN:Ada Lovelace\r
            ORG:Analytical Engines Ltd.;Research\r
            TITLE:Mathematician\r
            item1.EMAIL;type=INTERNET;PREF=1:ada@example.org\r
            item1.X-ABLabel:_$!<Other>!$_\r
            EMAIL;type=INTERNET;type=WORK:ada.work@example.com\r
            TEL;type=CELL;type=VOICE;PREF=1:+44 20 7946 0018\r
            item2.TEL:*155*181#\r
            item2.X-ABLabel:Ski cabin\r
            TEL;type=WORK;type=VOICE:+1 555 0100 ext. 12\r
            item3.ADR;type=HOME;PREF=1:;;12 St James's Square;London;;SW1Y 4JH;United K\r
             ingdom\r
            item3.X-ABADR:gb\r
            NOTE:Wrote the first program.\\nLikes poetry\\, too.\r
            BDAY:--1210\r
            X-SOCIALPROFILE;type=twitter:x-apple:ada\r
            PHOTO:data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAA\r
             ADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==\r
            UID:8F3A1C2E-7B1D-4C8E-9E0A-5D2B1F6C3A10\r
            END:VCARD\r\n
            """)
    }

    /// The friend, its numbers, birthday and photo read from the 4.0 card are the original's.
    @Test(arguments: ["apple", "google", "android21", "latin1", "davx5"])
    func theCardSaysWhatItSaid(sample: String) throws {
        let original = try VCardParser.parse(SampleCards.bytes(sample))
        // As the store keeps it: text in another character set is UTF-8 by then.
        let text = VCardVersion4.text(of: VCardWriter.text(of: original))
        let served = try VCardParser.parse(Array(text.utf8))
        #expect(served.version == "4.0")
        #expect(served.friend(id: 1) == original.friend(id: 1))
        #expect(try served.photo()?.bytes == original.photo()?.bytes)
        #expect(!text.contains("ENCODING") && !text.contains("CHARSET") && !text.contains("X-APPLE-OMIT-YEAR"))
    }

    /// A 4.0 card is served as it is kept; served in 3.0 and raised again, it says what it said.
    @Test func thunderbirdsCardComesBackFromThreePointZero() throws {
        let card = try SampleCards.bytes("thunderbird")
        #expect(VCardVersion4.bytes(of: card) == card)
        let original = try VCardParser.parse(card)
        let raised = try VCardParser.parse(VCardVersion4.bytes(of: VCardVersion3.bytes(of: card)))
        #expect(raised.version == "4.0")
        #expect(raised.friend(id: 1) == original.friend(id: 1))
        #expect(raised.friend(id: 1).birthday == "--06-23")
        #expect(try raised.photo()?.bytes == original.photo()?.bytes)
    }

    /// Apple's group, company and anniversary as 4.0 says them; Outlook's anniversary beside Apple's is one.
    @Test func applesOwnLinesAreFourPointZerosKinds() {
        let group = converted("X-ADDRESSBOOKSERVER-KIND:group\r\nFN:Family\r\nN:;;;;\r\nX-ADDRESSBOOKSERVER-MEMBER:urn:uuid:03a0e51f-d1aa-4385-8a53-e29025acd8af\r\n")
        #expect(SampleCards.innerLines(of: group) == ["KIND:group", "FN:Family", "N:;;;;", "MEMBER:urn:uuid:03a0e51f-d1aa-4385-8a53-e29025acd8af"])
        #expect(SampleCards.innerLines(of: converted("FN:Acme\r\nX-ABShowAs:COMPANY\r\n")) == ["FN:Acme", "KIND:org"])
        let anniversary = converted(
            "FN:Ann\r\nX-ANNIVERSARY;X-APPLE-OMIT-YEAR=1604:1604-06-12\r\nitem1.X-ABDATE;X-APPLE-OMIT-YEAR=1604:1604-06-12\r\n"
                + "item1.X-ABLabel:_$!<Anniversary>!$_\r\nitem2.X-ABDATE:2001-09-01\r\nitem2.X-ABLabel:_$!<Other>!$_\r\n")
        #expect(SampleCards.innerLines(of: anniversary) == [
            "FN:Ann", "ANNIVERSARY:--0612", "item2.X-ABDATE:2001-09-01", "item2.X-ABLabel:_$!<Other>!$_",
        ])
        // Apple's date alone is the anniversary too.
        #expect(SampleCards.innerLines(of: converted("FN:Ann\r\nitem1.X-ABDATE:2001-09-01\r\nitem1.X-ABLabel:_$!<Anniversary>!$_\r\n"))
            == ["FN:Ann", "ANNIVERSARY:20010901"])
    }

    /// Dates in 4.0's form; a year that is not the one Apple omits stays; other values as written.
    @Test func datesAreFourPointZerosForm() {
        let text = converted(
            "FN:Ann\r\nBDAY;VALUE=date:1985-04-12\r\nANNIVERSARY;X-APPLE-OMIT-YEAR=1900:1604-01-02\r\nX-ABDATE:20.04.1985\r\nBDAY;VALUE=text:circa 1800\r\n")
        #expect(SampleCards.innerLines(of: text) == [
            "FN:Ann", "BDAY:19850412", "ANNIVERSARY:16040102", "X-ABDATE:20.04.1985", "BDAY;VALUE=text:circa 1800",
        ])
    }

    /// What 4.0 took away is left out; a preferred type is a `PREF`; coordinates are a `geo:` URI.
    @Test func parametersAndValuesAreFourPointZeros() {
        let text = converted(
            "FN:Ann\r\nLABEL;TYPE=home:12 Main St\\nSpringfield\r\nMAILER:Pine\r\nCLASS:PUBLIC\r\nNAME:Ann's card\r\n"
                + "TEL;TYPE=\"home,pref\":555\r\nEMAIL;TYPE=pref:a@example.com\r\nGEO:46.772673;-71.282945\r\n"
                + "PHOTO;VALUE=uri;TYPE=GIF:https://example.com/a.gif\r\nKEY;ENCODING=b;TYPE=PGP:mQINBF\r\nGEO:here\r\n")
        #expect(SampleCards.innerLines(of: text) == [
            "FN:Ann", "TEL;TYPE=home;PREF=1:555", "EMAIL;PREF=1:a@example.com", "GEO:geo:46.772673,-71.282945",
            "PHOTO;MEDIATYPE=image/gif:https://example.com/a.gif", "KEY:data:application/pgp-keys;base64,mQINBF", "GEO:here",
        ])
    }

    /// RFC 6350 took `PROFILE` and `SORT-STRING` away too; how the name sorts is `N`'s `SORT-AS`.
    @Test func aSortStringIsTheNamesSortAsAndAProfileGoes() {
        let text = converted("PROFILE:VCARD\r\nN:van Gogh;Vincent;;;\r\nFN:Vincent van Gogh\r\nSORT-STRING:Gogh\r\n")
        #expect(SampleCards.innerLines(of: text) == ["N;SORT-AS=Gogh:van Gogh;Vincent;;;", "FN:Vincent van Gogh"])
        // One sort key: no line break, quote or comma of it reaches the parameter.
        let odd = converted("N:O'Brien;Pat;;;\r\nFN:Pat O'Brien\r\nSORT-STRING:O\"Brien\\, Pat\\nNOTE\\:x\r\n")
        #expect(SampleCards.innerLines(of: odd) == ["N;SORT-AS=\"O Brien Pat NOTE:x\":O'Brien;Pat;;;", "FN:Pat O'Brien"])
    }

    /// Google escapes a URL's colon as 3.0 escapes text; a URI has no such escapes in 4.0.
    @Test func linksLoseTheEscapesOfText() {
        let text = converted("FN:Grace\r\nURL:https\\://example.com/grace\r\nX-ADDRESSBOOKSERVER-MEMBER:urn:uuid:a\\,b\r\nNOTE:a\\:b\r\n")
        #expect(SampleCards.innerLines(of: text) == ["FN:Grace", "URL:https://example.com/grace", "MEMBER:urn:uuid:a,b", "NOTE:a\\:b"])
    }

    /// Apple's year-less birthday in either ISO form, a date and time, a revision: 4.0's basic forms.
    @Test func datesAndTimesTakeTheBasicForm() {
        let text = converted(
            "FN:Ann\r\nBDAY;X-APPLE-OMIT-YEAR=1604:16041210\r\nANNIVERSARY;VALUE=date-time:1953-10-15T23:10:00Z\r\n"
                + "X-ANNIVERSARY:--12-10\r\nREV:2023-10-26T09:33:12Z\r\n")
        #expect(SampleCards.innerLines(of: text) == ["FN:Ann", "BDAY:--1210", "ANNIVERSARY:19531015T231000Z", "REV:20231026T093312Z"])
    }

    /// A photo's format is its URI's; what else its `TYPE` said stays.
    @Test func aPicturesOtherTypesStay() {
        let text = converted("FN:Ann\r\nPHOTO;ENCODING=b;TYPE=HOME,JPEG:Zm9v\r\nKEY;ENCODING=b;TYPE=WORK;TYPE=PGP:mQINBF\r\n")
        #expect(SampleCards.innerLines(of: text) == ["FN:Ann", "PHOTO;TYPE=HOME:data:image/jpeg;base64,Zm9v", "KEY;TYPE=WORK:data:application/pgp-keys;base64,mQINBF"])
    }

    /// Evolution names the media type itself in `TYPE`: the URI says it, and the bytes decide it.
    @Test func aMediaTypeInTypeIsTheURIs() {
        let text = converted("FN:Ann\r\nPHOTO;ENCODING=b;TYPE=\"image/jpeg\":Zm9v\r\nLOGO;ENCODING=b;TYPE=image/png:iVBORw0KGgoAAAANSUhEUg==\r\n")
        #expect(SampleCards.innerLines(of: text) == [
            "FN:Ann", "PHOTO:data:image/jpeg;base64,Zm9v", "LOGO:data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==",
        ])
    }

    /// 4.0's `N` has five parts, where 2.1 and 3.0 may write fewer (RFC 6350 6.2.2).
    @Test func aNameHasAllFiveParts() {
        let text = converted("FN:François Grüße\r\nN;LANGUAGE=de:Grüße;François\r\n")
        #expect(SampleCards.innerLines(of: text) == ["FN:François Grüße", "N;LANGUAGE=de:Grüße;François;;;"])
        #expect(SampleCards.innerLines(of: converted("FN:Family\r\nN:Family\r\n")) == ["FN:Family", "N:Family;;;;"])
        #expect(SampleCards.innerLines(of: converted("FN:A\r\nN:A\\;B;C;;;\r\n")) == ["FN:A", "N:A\\;B;C;;;"])
    }

    /// 4.0 allows one `ANNIVERSARY` and one `KIND`: a 4.0 card served in 3.0 and raised again has one.
    @Test func oneAnniversaryAndOneKind() {
        let version3 = VCardVersion3.text(of: "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ann\r\nANNIVERSARY:20090808T1430-0500\r\nEND:VCARD\r\n")
        #expect(version3.contains("X-ABDATE"))
        #expect(SampleCards.innerLines(of: VCardVersion4.text(of: version3)) == ["FN:Ann", "N:;;;;", "ANNIVERSARY:20090808T1430-0500"])
        #expect(SampleCards.innerLines(of: converted("FN:Acme\r\nX-ABShowAs:COMPANY\r\nX-ADDRESSBOOKSERVER-KIND:group\r\n")) == ["FN:Acme", "KIND:org"])
    }

    /// Coordinates that are no RFC 5870 numbers stay as written; a `PREF` is not given twice.
    @Test func oddCoordinatesAndATypeAlreadyPreferred() {
        let text = converted("FN:Ann\r\nGEO:nan;inf\r\nGEO:+37.5;1e3\r\nGEO:91;0\r\nGEO:-37.5;12\r\nTEL;TYPE=pref;PREF=1:555\r\n")
        #expect(SampleCards.innerLines(of: text) == ["FN:Ann", "GEO:nan;inf", "GEO:+37.5;1e3", "GEO:91;0", "GEO:geo:-37.5,12", "TEL;PREF=1:555"])
    }

    /// Android's 2.1 card: quoted-printable and bare types undone on the way, its photo a `data:` URI.
    @Test func androidsExportBecomesFourPointZero() throws {
        let text = VCardVersion4.text(of: String(decoding: try SampleCards.bytes("android21"), as: UTF8.self))
        #expect(SampleCards.innerLines(of: text) == [
            "N:Müller;Jürgen;;;", "FN:Jürgen Müller", "TEL;TYPE=CELL;PREF=1:+49 30 901820", "TEL;TYPE=HOME:030 1234567",
            "EMAIL;TYPE=HOME:juergen@example.de", #"NOTE:Erste Zeile\nZweite Zeile mit ümlaut und einer sehr langen Zeile"#,
            "X-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;Jü;1;;;;;;;;;;;;;", "PHOTO:data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2Q==",
        ])
    }

    /// A card without a `VERSION`, or with it late, gets 4.0's first; its lines end in CRLF.
    @Test func versionComesFirstAndLinesEndInCRLF() {
        #expect(VCardVersion4.text(of: "BEGIN:VCARD\nFN:Ann\nVERSION:3.0\nN:;Ann;;;\nEND:VCARD\n")
            == "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ann\r\nN:;Ann;;;\r\nEND:VCARD\r\n")
    }
}

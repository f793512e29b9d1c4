import Foundation
import Testing
@testable import CardDAV

@Suite struct MultigetTests {
    let backend = InMemoryBackend(cards: [
        ("a.vcf", vcard("a", fn: "Ada Lovelace", email: "ada@example.org")),
        ("b c.vcf", vcard("b", fn: "Bob", tel: "+1 555 0100")),
    ])

    @Test func davx5FetchesCardsInBatches() async throws {
        let answer = await send("REPORT", book, headers: [("Depth", "0")], body: """
            <?xml version='1.0' encoding='UTF-8' ?>
            <CARD:addressbook-multiget xmlns="DAV:" xmlns:CARD="urn:ietf:params:xml:ns:carddav">
              <prop><getetag /><CARD:address-data /></prop>
              <href>\(book)a.vcf</href>
              <href>\(book)b%20c.vcf</href>
              <href>\(book)gone.vcf</href>
              <href>/dav/addressbooks/someone/friends/x.vcf</href>
            </CARD:addressbook-multiget>
            """, backend: backend)
        #expect(answer.status == 207)
        #expect(answer.responses.map(\.href) == [book + "a.vcf", book + "b%20c.vcf", book + "gone.vcf",
                                                 "/dav/addressbooks/someone/friends/x.vcf"])
        let ada = try #require(answer.response(book + "a.vcf"))
        #expect(ada.found(.cardDAV("address-data"))?.text == vcard("a", fn: "Ada Lovelace", email: "ada@example.org"))
        #expect(ada.found(.dav("getetag"))?.text.hasPrefix("\"1-") == true)
        #expect(answer.response(book + "gone.vcf")?.status == "HTTP/1.1 404 Not Found")
        #expect(answer.response(book + "gone.vcf")?.children(.dav("propstat")).isEmpty == true)
        // CRLF line ends survive the client's XML parser.
        #expect(answer.text.contains("&#13;\n"))
    }

    @Test func thunderbirdSendsAbsoluteURLs() async throws {
        let answer = await send("REPORT", book, body: """
            <C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">
              <D:prop><D:getetag/><C:address-data content-type="text/vcard" version="3.0"/></D:prop>
              <D:href>https://friends.example.org\(book)a.vcf</D:href>
            </C:addressbook-multiget>
            """, backend: backend)
        #expect(answer.responses.map(\.href) == [book + "a.vcf"])
        #expect(answer.response(book + "a.vcf")?.found(.cardDAV("address-data")) != nil)
    }

    /// RFC 4918 8.3: an href relative to the Request-URI names the card beside it; the answer gives
    /// its full href, as listings do.
    @Test func aRelativeHrefNamesACardOfTheAddressBook() async throws {
        for target in [book, book + "a.vcf"] {
            let answer = await send("REPORT", target, body: """
                <C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">
                  <D:prop><D:getetag/></D:prop><D:href>a.vcf</D:href><D:href>b%20c.vcf</D:href><D:href>../friends/a.vcf</D:href>
                </C:addressbook-multiget>
                """, backend: backend)
            #expect(answer.status == 207)
            #expect(answer.responses.map(\.href) == [book + "a.vcf", book + "b%20c.vcf", "../friends/a.vcf"])
            #expect(answer.response(book + "b%20c.vcf")?.found(.dav("getetag")) != nil)
            // Dot segments are not resolved: not found, and never a card of another collection.
            #expect(answer.response("../friends/a.vcf")?.status == "HTTP/1.1 404 Not Found")
        }
        #expect(Reports.isRelativeReference("a.vcf"))
        #expect(!Reports.isRelativeReference("/dav/a.vcf"))
        #expect(!Reports.isRelativeReference("https://example.com/dav/a.vcf"))
        #expect(!Reports.isRelativeReference(""))
    }

    /// RFC 6352 8.7: the Request-URI of a multiget may be a card.
    @Test func aMultigetOnACardAnswersItsHrefs() async throws {
        let answer = await send("REPORT", book + "a.vcf", body: """
            <C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">
              <D:prop><D:getetag/><C:address-data/></D:prop><D:href>\(book)a.vcf</D:href>
            </C:addressbook-multiget>
            """, backend: backend)
        #expect(answer.status == 207)
        #expect(answer.response(book + "a.vcf")?.found(.cardDAV("address-data"))?.text == vcard("a", fn: "Ada Lovelace", email: "ada@example.org"))
        let query = await send("REPORT", book + "a.vcf", body: """
            <C:addressbook-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><D:getetag/></D:prop></C:addressbook-query>
            """, backend: backend)
        #expect(query.status == 403)
    }

    @Test func manyHrefsAreReadInBatches() async throws {
        let many = InMemoryBackend(cards: (0..<250).map { ("\($0).vcf", vcard("\($0)", fn: "P\($0)")) })
        let hrefs = (0..<260).map { "<D:href>\(book)\($0).vcf</D:href>" }.joined()
        let answer = await send("REPORT", book, body: """
            <C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><D:getetag/></D:prop>\(hrefs)</C:addressbook-multiget>
            """, backend: many)
        #expect(answer.responses.count == 260)
        #expect(answer.responses.filter { $0.element.status?.contains("404") == true }.count == 10)
    }

    /// vdirsyncer asks for every card it lacks in one multiget, about 85 bytes a card: its first
    /// sync of 20,000 cards is a request well over 1 MiB.
    @Test func vdirsyncersMultigetOfAWholeBigAddressBookIsAnswered() async throws {
        let count = 20_000
        let many = InMemoryBackend(cards: (0..<count).map { ("card-\($0).vcf", vcard("\($0)", fn: "P\($0)")) })
        let hrefs = (0..<count).map { "<D:href>\(book)card-\($0).vcf</D:href>" }.joined(separator: "\n")
        let body = """
            <?xml version="1.0" encoding="utf-8" ?>
            <C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">
            <D:prop><D:getetag/><C:address-data/></D:prop>\(hrefs)</C:addressbook-multiget>
            """
        #expect(body.utf8.count > 1 << 20)
        let answer = await send("REPORT", book, body: body, backend: many)
        #expect(answer.status == 207)
        let responses = answer.responses
        #expect(responses.count == count)
        #expect(responses.allSatisfy { $0.element.propstatStatuses == ["HTTP/1.1 200 OK"] })
    }

    @Test func unsupportedAddressDataIsRefused() async {
        let answer = await send("REPORT", book, body: """
            <C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">
              <D:prop><C:address-data content-type="application/vcard+json"/></D:prop><D:href>\(book)a.vcf</D:href>
            </C:addressbook-multiget>
            """, backend: backend)
        #expect(answer.status == 403)
        #expect(answer.xml?.child(.cardDAV("supported-address-data")) != nil)
    }

    @Test func otherReportsAndOtherTargetsAreRefused() async {
        let principalSearch = await send("REPORT", "/dav/principals/friends/", body: """
            <D:principal-search-property-set xmlns:D="DAV:"/>
            """, backend: backend)
        #expect(principalSearch.status == 403)
        #expect(principalSearch.xml?.child(.dav("supported-report")) != nil)
        let expand = await send("REPORT", book, body: #"<D:expand-property xmlns:D="DAV:"/>"#, backend: backend)
        #expect(expand.status == 403)
        let empty = await send("REPORT", book, body: "", backend: backend)
        #expect(empty.status == 400)
    }
}

@Suite struct QueryTests {
    let backend = InMemoryBackend(cards: [
        ("a.vcf", vcard("a", fn: "Ada Lovelace", email: "ada@example.org")),
        ("b.vcf", vcard("b", fn: "Bob Müller", email: "bob@example.com", tel: "+1 555 0100")),
        ("c.vcf", vcard("c", fn: "Cyrus", tel: "+44 20 7946 0000")),
    ])

    func query(_ filter: String, limit: String = "", props: String = "<D:getetag/>") async -> Answer {
        await send("REPORT", book, headers: [("Depth", "1")], body: """
            <C:addressbook-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">
              <D:prop>\(props)</D:prop>\(filter)\(limit)
            </C:addressbook-query>
            """, backend: backend)
    }

    func names(_ answer: Answer) -> [String] {
        answer.responses.map { $0.href.replacingOccurrences(of: book, with: "") }
    }

    /// Every test is tried on every card: a query of thousands would hold the server for minutes.
    @Test func aQueryOfMoreTestsThanAClientSendsIsRefusedAtOnce() async {
        let filters = (0..<17).map { #"<C:prop-filter name="X-N\#($0)"><C:text-match>zz</C:text-match></C:prop-filter>"# }
        let tooMany = await query("<C:filter>\(filters.joined())</C:filter>")
        #expect(tooMany.status == 400)
        #expect(tooMany.text.contains("at most 16 prop-filters"))
        #expect(await query("<C:filter>\(filters.dropLast().joined())</C:filter>").status == 207)
        let matches = String(repeating: "<C:text-match>zz</C:text-match>", count: 17)
        #expect(await query(#"<C:filter><C:prop-filter name="FN">\#(matches)</C:prop-filter></C:filter>"#).status == 400)
        let properties = (0..<201).map { "<D:p\($0)/>" }.joined()
        #expect(await query("", props: properties).status == 400)
        #expect(await query("", props: String(repeating: "<D:getetag/>", count: 1_000)).status == 207, "the same one many times is one")
        let longName = await query("", props: #"<X:p xmlns:X="urn:\#(String(repeating: "x", count: 17_000))"/>"#)
        #expect(longName.status == 400)
        #expect(longName.text.contains("at most 16 KiB"))
    }

    @Test func matchTypesAndCollations() async {
        #expect(names(await query(#"<C:filter><C:prop-filter name="FN"><C:text-match>ada</C:text-match></C:prop-filter></C:filter>"#)) == ["a.vcf"])
        #expect(names(await query(#"<C:filter><C:prop-filter name="FN"><C:text-match match-type="starts-with">bob m</C:text-match></C:prop-filter></C:filter>"#)) == ["b.vcf"])
        #expect(names(await query(#"<C:filter><C:prop-filter name="FN"><C:text-match match-type="contains">MÜLLER</C:text-match></C:prop-filter></C:filter>"#)) == ["b.vcf"])
        #expect(names(await query(#"<C:filter><C:prop-filter name="EMAIL"><C:text-match match-type="ends-with">.org</C:text-match></C:prop-filter></C:filter>"#)) == ["a.vcf"])
        #expect(names(await query(#"<C:filter><C:prop-filter name="UID"><C:text-match match-type="equals" collation="i;octet">c</C:text-match></C:prop-filter></C:filter>"#)) == ["c.vcf"])
        #expect(names(await query(#"<C:filter><C:prop-filter name="UID"><C:text-match match-type="equals" collation="i;octet">C</C:text-match></C:prop-filter></C:filter>"#)) == [])
        #expect(names(await query(#"<C:filter><C:prop-filter name="FN"><C:text-match collation="i;ascii-casemap">CYRUS</C:text-match></C:prop-filter></C:filter>"#)) == ["c.vcf"])
        // RFC 4790 and 5051 match code points of the decomposed text: "u" starts "ü".
        #expect(names(await query(#"<C:filter><C:prop-filter name="FN"><C:text-match match-type="starts-with">BOB MU</C:text-match></C:prop-filter></C:filter>"#)) == ["b.vcf"])
        #expect(names(await query(#"<C:filter><C:prop-filter name="FN"><C:text-match match-type="equals">bob mu\#u{308}ller</C:text-match></C:prop-filter></C:filter>"#)) == ["b.vcf"])
        // Octets are octets: a decomposed "ü" is not the card's composed one.
        #expect(names(await query(#"<C:filter><C:prop-filter name="FN"><C:text-match match-type="contains" collation="i;octet">u\#u{308}</C:text-match></C:prop-filter></C:filter>"#)) == [])
        #expect(names(await query(#"<C:filter><C:prop-filter name="FN"><C:text-match match-type="contains" collation="i;octet">ü</C:text-match></C:prop-filter></C:filter>"#)) == ["b.vcf"])
        // Empty text is in every value, so it asks only that the property be there.
        #expect(names(await query(#"<C:filter><C:prop-filter name="EMAIL"><C:text-match/></C:prop-filter></C:filter>"#)) == ["a.vcf", "b.vcf"])
        #expect(names(await query(#"<C:filter><C:prop-filter name="EMAIL"><C:text-match negate-condition="yes"></C:text-match></C:prop-filter></C:filter>"#)) == [])
    }

    @Test func testsNegationAndDefinedness() async {
        #expect(names(await query(#"<C:filter test="anyof"><C:prop-filter name="EMAIL"><C:text-match>ada</C:text-match></C:prop-filter><C:prop-filter name="TEL"><C:text-match>+44</C:text-match></C:prop-filter></C:filter>"#)) == ["a.vcf", "c.vcf"])
        #expect(names(await query(#"<C:filter test="allof"><C:prop-filter name="EMAIL"/><C:prop-filter name="TEL"/></C:filter>"#)) == ["b.vcf"])
        #expect(names(await query(#"<C:filter><C:prop-filter name="EMAIL"><C:is-not-defined/></C:prop-filter></C:filter>"#)) == ["c.vcf"])
        #expect(names(await query(#"<C:filter><C:prop-filter name="FN"><C:text-match negate-condition="yes">o</C:text-match></C:prop-filter></C:filter>"#)) == ["c.vcf"])
        #expect(names(await query(#"<C:filter><C:prop-filter name="FN" test="allof"><C:text-match>bob</C:text-match><C:text-match>ada</C:text-match></C:prop-filter></C:filter>"#)) == [])
        #expect(names(await query("<C:filter/>")) == ["a.vcf", "b.vcf", "c.vcf"])
    }

    @Test func aLimitTruncatesWithA507ForTheCollection() async throws {
        let answer = await query("<C:filter/>", limit: "<C:limit><C:nresults>2</C:nresults></C:limit>", props: "<D:getetag/><C:address-data/>")
        #expect(names(answer) == ["a.vcf", "b.vcf", ""])
        let last = try #require(answer.responses.last?.element)
        #expect(last.status == "HTTP/1.1 507 Insufficient Storage")
        #expect(last.child(.dav("error"))?.child(.dav("number-of-matches-within-limits")) != nil)
        #expect(answer.response(book + "b.vcf")?.found(.cardDAV("address-data"))?.text.contains("FN:Bob Müller") == true)
    }

    /// The book is read a page at a time, never held whole: a match on the last page is found.
    @Test func aBigBookIsMatchedAPageAtATime() async throws {
        let big = InMemoryBackend(cards: (0..<250).map { (String(format: "%03d.vcf", $0), vcard("\($0)", fn: "P\($0)")) })
        let answer = await send("REPORT", book, body: """
            <C:addressbook-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><D:getetag/></D:prop>
            <C:filter><C:prop-filter name="FN"><C:text-match match-type="equals">P249</C:text-match></C:prop-filter></C:filter>
            </C:addressbook-query>
            """, backend: big)
        #expect(answer.responses.map(\.href) == [book + "249.vcf"])
        #expect(await big.pagesRead == 3)
    }

    /// RFC 6352 8.6: Depth 0 queries the address book itself, which is no card; without a Depth
    /// (which the RFC asks for) the query covers the cards, as Radicale answers it.
    @Test func depthZeroQueriesTheBookItselfAndNoDepthQueriesItsCards() async throws {
        let body = #"<C:addressbook-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><D:getetag/></D:prop><C:filter/></C:addressbook-query>"#
        let itself = await send("REPORT", book, headers: [("Depth", "0")], body: body, backend: backend)
        #expect(itself.status == 207)
        #expect(itself.responses.isEmpty)
        let unsaid = await send("REPORT", book, body: body, backend: backend)
        #expect(names(unsaid) == ["a.vcf", "b.vcf", "c.vcf"])
        let infinity = await send("REPORT", book, headers: [("Depth", "infinity")], body: body, backend: backend)
        #expect(names(infinity) == ["a.vcf", "b.vcf", "c.vcf"])
        let nonsense = await send("REPORT", book, headers: [("Depth", "2")], body: body, backend: backend)
        #expect(nonsense.status == 400)
    }

    @Test func unsupportedFiltersAreRefused() async {
        let collation = await query(#"<C:filter><C:prop-filter name="FN"><C:text-match collation="i;klingon">x</C:text-match></C:prop-filter></C:filter>"#)
        #expect(collation.status == 403)
        #expect(collation.xml?.child(.cardDAV("supported-collation")) != nil)
        let matchType = await query(#"<C:filter><C:prop-filter name="FN"><C:text-match match-type="regex">x</C:text-match></C:prop-filter></C:filter>"#)
        #expect(matchType.status == 400)
    }

    @Test func aTestOutsideAPropFilterIsRefusedRatherThanMatchingEveryCard() async {
        let parameter = await query(#"<C:filter><C:param-filter name="TYPE"><C:text-match>work</C:text-match></C:param-filter></C:filter>"#)
        #expect(parameter.status == 400)
        #expect(parameter.text.contains("a param-filter goes inside a prop-filter"))
        let text = await query(#"<C:filter><C:text-match>nobody</C:text-match></C:filter>"#)
        #expect(text.status == 400)
        let foreign = await query(#"<C:filter xmlns:X="urn:example"><X:hint/><C:prop-filter name="FN"><C:text-match>a</C:text-match></C:prop-filter></C:filter>"#)
        #expect(foreign.status == 207)
    }
}

@Suite struct AddressDataSubsetTests {
    @Test func addressDataCanAskForSomeProperties() async throws {
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:a\r\nFN:Ada\r\nitem1.EMAIL;TYPE=INTERNET:ada@exam\r\n ple.org\r\nNOTE:secret\r\nEND:VCARD\r\n"
        let backend = InMemoryBackend(cards: [("a.vcf", card)])
        let answer = await send("REPORT", book, body: """
            <C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">
              <D:prop><C:address-data><C:prop name="FN"/><C:prop name="email"/></C:address-data></D:prop>
              <D:href>\(book)a.vcf</D:href>
            </C:addressbook-multiget>
            """, backend: backend)
        let data = answer.response(book + "a.vcf")?.found(.cardDAV("address-data"))?.text
        #expect(data == "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nitem1.EMAIL;TYPE=INTERNET:ada@exam\r\n ple.org\r\nEND:VCARD\r\n")
    }

    /// `return-minimal`: the early draft's form, which macOS and iOS send beside `Brief: t`.
    @Test(arguments: ["return=minimal", "return-minimal"])
    func preferMinimalLeavesOutTheNotFoundProperties(preference: String) async throws {
        let backend = InMemoryBackend(cards: [("a.vcf", vcard("a", fn: "Ada"))])
        let answer = await send("PROPFIND", book, headers: [("Depth", "1"), ("Prefer", preference)], body: """
            <D:propfind xmlns:D="DAV:"><D:prop><D:getetag/><D:displayname/></D:prop></D:propfind>
            """, backend: backend)
        #expect(answer.header("Preference-Applied") == "return=minimal")
        #expect(answer.responses.allSatisfy { $0.element.propstatStatuses == ["HTTP/1.1 200 OK"] })
        #expect(answer.response(book + "a.vcf")?.found(.dav("getetag")) != nil)
    }
}

/// param-filter (RFC 6352 10.5.2): a parameter of the property the prop-filter names.
@Suite struct ParamFilterTests {
    let backend = InMemoryBackend(cards: [
        ("m.vcf", "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:m\r\nFN:M\r\nTEL;TYPE=CELL:+1 555 0100\r\nTEL;TYPE=HOME:+1 666 0100\r\nEND:VCARD\r\n"),
        ("h.vcf", "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:h\r\nFN:H\r\nTEL;TYPE=HOME:+1 555 0199\r\nTEL;type=cell,voice:+1 777\r\nEND:VCARD\r\n"),
        ("w.vcf", "BEGIN:VCARD\r\nVERSION:2.1\r\nUID:w\r\nFN:W\r\nTEL;WORK;VOICE:+1 555 0123\r\nEND:VCARD\r\n"),
        ("n.vcf", "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:n\r\nFN:N\r\nTEL:+1 555 0000\r\nEND:VCARD\r\n"),
        ("x.vcf", "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:x\r\nFN:X\r\nEND:VCARD\r\n"),
    ])

    func names(_ propFilter: String) async -> [String] {
        let answer = await query(propFilter)
        #expect(answer.status == 207)
        return answer.responses.map { $0.href.replacingOccurrences(of: book, with: "") }
    }

    func query(_ propFilter: String) async -> Answer {
        await send("REPORT", book, headers: [("Depth", "1")], body: """
            <C:addressbook-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">
              <D:prop><D:getetag/></D:prop><C:filter>\(propFilter)</C:filter>
            </C:addressbook-query>
            """, backend: backend)
    }

    @Test func aParameterIsMatchedByNameInAnyCaseAndEachOfItsValues() async {
        let cell = #"<C:text-match match-type="equals">cell</C:text-match>"#
        #expect(await names(#"<C:prop-filter name="TEL"><C:param-filter name="TYPE">\#(cell)</C:param-filter></C:prop-filter>"#) == ["m.vcf", "h.vcf"])
        #expect(await names(#"<C:prop-filter name="tel"><C:param-filter name="type">\#(cell)</C:param-filter></C:prop-filter>"#) == ["m.vcf", "h.vcf"])
        // vCard 2.1's bare types are TYPE values.
        #expect(await names(#"<C:prop-filter name="TEL"><C:param-filter name="TYPE"><C:text-match match-type="equals">work</C:text-match></C:param-filter></C:prop-filter>"#) == ["w.vcf"])
    }

    @Test func definedAndNotDefined() async {
        #expect(await names(#"<C:prop-filter name="TEL"><C:param-filter name="TYPE"/></C:prop-filter>"#) == ["m.vcf", "h.vcf", "w.vcf"])
        #expect(await names(#"<C:prop-filter name="TEL"><C:param-filter name="TYPE"><C:is-not-defined/></C:param-filter></C:prop-filter>"#) == ["n.vcf"])
        #expect(await names(#"<C:prop-filter name="TEL"><C:param-filter name="PREF"/></C:prop-filter>"#) == [])
    }

    @Test func theCollationsOfTextMatch() async {
        #expect(await names(#"<C:prop-filter name="TEL"><C:param-filter name="TYPE"><C:text-match match-type="equals" collation="i;octet">cell</C:text-match></C:param-filter></C:prop-filter>"#) == ["h.vcf"])
        #expect(await names(#"<C:prop-filter name="TEL"><C:param-filter name="TYPE"><C:text-match match-type="starts-with" collation="i;ascii-casemap">CE</C:text-match></C:param-filter></C:prop-filter>"#) == ["m.vcf", "h.vcf"])
        // Negated: a number whose TYPE is not cell; one without a TYPE has no such parameter.
        #expect(await names(#"<C:prop-filter name="TEL"><C:param-filter name="TYPE"><C:text-match match-type="equals" negate-condition="yes">cell</C:text-match></C:param-filter></C:prop-filter>"#) == ["m.vcf", "h.vcf", "w.vcf"])
    }

    /// The tests of a prop-filter are on one property: a mobile number with 555 in it.
    @Test func textAndParameterTestsAreOnOneProperty() async {
        let mobile555 = #"<C:prop-filter name="TEL" test="allof"><C:text-match>555</C:text-match><C:param-filter name="TYPE"><C:text-match match-type="equals">cell</C:text-match></C:param-filter></C:prop-filter>"#
        #expect(await names(mobile555) == ["m.vcf"])
        let either = #"<C:prop-filter name="TEL" test="anyof"><C:text-match>777</C:text-match><C:param-filter name="TYPE"><C:text-match match-type="equals">work</C:text-match></C:param-filter></C:prop-filter>"#
        #expect(await names(either) == ["h.vcf", "w.vcf"])
    }

    @Test func malformedOrTooManyParamFiltersAreRefused() async {
        let seventeen = String(repeating: #"<C:param-filter name="TYPE"/>"#, count: 17)
        let tooMany = await query(#"<C:prop-filter name="TEL">\#(seventeen)</C:prop-filter>"#)
        #expect(tooMany.status == 400)
        #expect(tooMany.text.contains("16 param-filters"))
        #expect(await query(#"<C:prop-filter name="TEL">\#(seventeen.dropFirst(29))</C:prop-filter>"#).status == 207)
        #expect(await query(#"<C:prop-filter name="TEL"><C:param-filter/></C:prop-filter>"#).status == 400)
        #expect(await query(#"<C:prop-filter name="TEL"><C:param-filter name="TYPE"><C:text-match>a</C:text-match><C:text-match>b</C:text-match></C:param-filter></C:prop-filter>"#).status == 400)
        let collation = await query(#"<C:prop-filter name="TEL"><C:param-filter name="TYPE"><C:text-match collation="i;klingon">x</C:text-match></C:param-filter></C:prop-filter>"#)
        #expect(collation.status == 403)
        #expect(collation.xml?.child(.cardDAV("supported-collation")) != nil)
    }
}

import Synchronization
import Testing
@testable import CardDAV

@Suite struct PropfindTests {
    @Test func vdirsyncerListsEveryCardWithItsETag() async throws {
        let backend = InMemoryBackend(cards: [("a b.vcf", vcard("a", fn: "Ada")), ("c.vcf", vcard("c", fn: "Cy"))])
        let answer = await send("PROPFIND", book, headers: [("Depth", "1"), ("Content-Type", "application/xml")], body: """
            <?xml version="1.0" encoding="utf-8" ?>
            <propfind xmlns="DAV:"><prop><resourcetype/><getcontenttype/><getetag/></prop></propfind>
            """, backend: backend)
        #expect(answer.status == 207)
        #expect(answer.responses.map(\.href) == [book, book + "a%20b.vcf", book + "c.vcf"])
        let card = try #require(answer.response(book + "c.vcf"))
        #expect(card.found(.dav("getetag"))?.text == "\"2-\(vcard("c", fn: "Cy").utf8.count)\"")
        #expect(card.found(.dav("getcontenttype"))?.text == "text/vcard; charset=utf-8")
        #expect(card.found(.dav("resourcetype"))?.children.isEmpty == true)
        let collection = try #require(answer.response(book))
        #expect(collection.missing(.dav("getetag")))
        #expect(collection.propstatStatuses.first?.contains("200") == true)
    }

    @Test func tenThousandCardsStreamInFewWrites() async throws {
        let cards = (0..<10_000).map { ("card-\($0).vcf", vcard("\($0)", fn: "Person \($0)")) }
        let backend = InMemoryBackend(cards: cards)
        let answer = await send("PROPFIND", book, headers: [("Depth", "1")],
                                body: #"<D:propfind xmlns:D="DAV:"><D:prop><D:getetag/></D:prop></D:propfind>"#,
                                backend: backend)
        #expect(answer.status == 207)
        #expect(answer.responses.count == 10_001)
        #expect(answer.writes > 1 && answer.writes < 40)
        // Read a page at a time as the answer goes out, not all at once.
        #expect(await backend.pagesRead == 10)
    }

    /// A listing that asks for `getcontentlength` (or everything) gets each card's length, read a
    /// page of cards at a time; one that does not reads only summaries.
    @Test func aListingGivesContentLengthsWhenAskedFor() async throws {
        let cards = (0..<250).map { ("card-\($0).vcf", vcard("\($0)", fn: "Person \($0)")) }
        for body in [#"<D:propfind xmlns:D="DAV:"><D:prop><D:getetag/><D:getcontentlength/></D:prop></D:propfind>"#,
                     #"<D:propfind xmlns:D="DAV:"><D:allprop/></D:propfind>"#] {
            let backend = InMemoryBackend(cards: cards)
            let answer = await send("PROPFIND", book, headers: [("Depth", "1")], body: body, backend: backend)
            #expect(answer.responses.count == 251)
            for (name, card) in cards {
                let response = try #require(answer.response(book + name))
                #expect(response.found(.dav("getcontentlength"))?.text == String(card.utf8.count))
                #expect(response.found(.dav("getetag")) != nil)
            }
            #expect(await backend.pagesRead == 3)
        }
    }

    @Test func thunderbirdReadsTheCTagFirst() async throws {
        let backend = InMemoryBackend(cards: [("a.vcf", vcard("a", fn: "Ada"))])
        let answer = await send("PROPFIND", book, headers: [("Depth", "0")], body: """
            <D:propfind xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/"><D:prop><CS:getctag/><D:sync-token/></D:prop></D:propfind>
            """, backend: backend)
        let response = try #require(answer.response(book))
        #expect(answer.responses.count == 1)
        #expect(response.found(.calendarServer("getctag"))?.text == "http://friends.invalid/ns/sync/1")
    }

    @Test func emptyBodyIsAllpropAndPropnameListsNames() async throws {
        let backend = InMemoryBackend(cards: [("a.vcf", vcard("a", fn: "Ada"))])
        let all = await send("PROPFIND", book + "a.vcf", headers: [("Depth", "0")], backend: backend)
        let card = try #require(all.response(book + "a.vcf"))
        #expect(card.found(.dav("getetag")) != nil)
        #expect(card.found(.dav("getcontentlength"))?.text == String(vcard("a", fn: "Ada").utf8.count))
        #expect(card.found(.dav("sync-token")) == nil)
        #expect(card.propstatStatuses.count == 1)

        let names = await send("PROPFIND", book, headers: [("Depth", "0")],
                               body: #"<propfind xmlns="DAV:"><propname/></propfind>"#, backend: backend)
        let collection = try #require(names.response(book))
        #expect(collection.found(.dav("sync-token"))?.children.isEmpty == true)
        #expect(collection.found(.cardDAV("supported-address-data")) != nil)
        #expect(collection.found(.dav("getetag")) == nil)
    }

    @Test func unknownPropertiesAre404InsideThe207() async throws {
        let backend = InMemoryBackend()
        let answer = await send("PROPFIND", book, headers: [("Depth", "0")], body: """
            <D:propfind xmlns:D="DAV:"><D:prop><x:color xmlns:x="http://apple.com/ns/ical/"/><plain/><D:displayname/></D:prop></D:propfind>
            """, backend: backend)
        #expect(answer.status == 207)
        let response = try #require(answer.response(book))
        #expect(response.propstatStatuses == ["HTTP/1.1 200 OK", "HTTP/1.1 404 Not Found"])
        #expect(response.missing(XMLName("http://apple.com/ns/ical/", "color")))
        #expect(response.missing(XMLName("", "plain")))
    }

    @Test func aListingOfPropertiesNoCardHasGivesEachCardOnlyThe404() async throws {
        let backend = InMemoryBackend(cards: [("a.vcf", vcard("a", fn: "Ada")), ("b.vcf", vcard("b", fn: "Bo"))])
        let answer = await send("PROPFIND", book, headers: [("Depth", "1")], body: """
            <D:propfind xmlns:D="DAV:"><D:prop><x:color xmlns:x="http://apple.com/ns/ical/"/><D:sync-token/></D:prop></D:propfind>
            """, backend: backend)
        #expect(answer.status == 207)
        for name in ["a.vcf", "b.vcf"] {
            let card = try #require(answer.response(book + name))
            #expect(card.propstatStatuses == ["HTTP/1.1 404 Not Found"])
            #expect(card.missing(XMLName("http://apple.com/ns/ical/", "color")))
            #expect(card.missing(.dav("sync-token")))
        }
        let collection = try #require(answer.response(book))
        #expect(collection.propstatStatuses == ["HTTP/1.1 200 OK", "HTTP/1.1 404 Not Found"])
        #expect(collection.found(.dav("sync-token")) != nil)
    }

    @Test func aMissingCardIs404AndTheBackendFailingIs503() async {
        let backend = InMemoryBackend()
        let missing = await send("PROPFIND", book + "nope.vcf", headers: [("Depth", "0")], backend: backend)
        #expect(missing.status == 404)
        await backend.setFailure(.unavailable("The database is restarting."))
        let down = await send("PROPFIND", book, headers: [("Depth", "1")], backend: backend)
        #expect(down.status == 503)
        #expect(down.header("Retry-After") == "5")
        #expect(down.text.contains("restarting"))
    }

    /// A failure the backend does not name (a bug) is a 500 that says it is logged, and the
    /// handler's `unexpectedFailure` is told of it with the request, for the server's log.
    @Test func anUnexpectedFailureIsA500AndIsToldWithItsRequest() async throws {
        struct Bug: Error {}
        let backend = InMemoryBackend(cards: [("a.vcf", vcard("a", fn: "Ada"))])
        await backend.setBug(Bug())
        let told = Told()
        let handler = CardDAVHandler { method, path, error in told.add("\(method) \(path) \(error is Bug)") }
        let response = await handler.handle(DAVRequest(method: "GET", path: book + "a.vcf", headers: [], body: []),
                                            principal: principal, backend: backend)
        #expect(response.status == 500)
        #expect(told.lines == ["GET \(book)a.vcf true"])
    }

    @Test func displayNameEscapesAndFallsBack() async throws {
        let backend = InMemoryBackend()
        await backend.setName("Tom & <Jerry>")
        let answer = await send("PROPFIND", book, headers: [("Depth", "0")],
                                body: #"<D:propfind xmlns:D="DAV:"><D:prop><D:displayname/></D:prop></D:propfind>"#, backend: backend)
        #expect(answer.text.contains("Tom &amp; &lt;Jerry&gt;"))
        #expect(answer.response(book)?.found(.dav("displayname"))?.text == "Tom & <Jerry>")
        await backend.setName("")
        let fallback = await send("PROPFIND", book, headers: [("Depth", "0")],
                                  body: #"<D:propfind xmlns:D="DAV:"><D:prop><D:displayname/></D:prop></D:propfind>"#, backend: backend)
        #expect(fallback.response(book)?.found(.dav("displayname"))?.text == "Friends")
    }
}

@Suite struct AddressDataVersionTests {
    @Test func davx5IsOfferedOnlyTheVersionEveryContactAppReads() async throws {
        let answer = await send("PROPFIND", book, headers: [("Depth", "0")], body: """
            <propfind xmlns="DAV:" xmlns:CARD="urn:ietf:params:xml:ns:carddav"><prop><CARD:supported-address-data/></prop></propfind>
            """, backend: InMemoryBackend())
        let types = try #require(answer.response(book)?.found(.cardDAV("supported-address-data"))).children
        #expect(types.map { $0.attribute("version") } == ["3.0"])
    }
}

/// What `unexpectedFailure` was told, from any thread.
private final class Told: Sendable {
    private let state = Mutex<[String]>([])
    var lines: [String] { state.withLock { $0 } }
    func add(_ line: String) { state.withLock { $0.append(line) } }
}

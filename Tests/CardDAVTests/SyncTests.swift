import Testing
@testable import CardDAV

/// DAVx5 style sync-collection, with the answers it relies on.
@Suite struct SyncTests {
    func sync(
        _ token: String, limit: Int? = nil, props: String = "<getetag/>", userAgent: String = "DAVx5/4.4", backend: InMemoryBackend
    ) async -> Answer {
        let limitElement = limit.map { "<limit><nresults>\($0)</nresults></limit>" } ?? ""
        return await send("REPORT", book, headers: [("Depth", "0"), ("User-Agent", userAgent)], body: """
            <?xml version='1.0' encoding='UTF-8' ?>
            <sync-collection xmlns="DAV:" xmlns:CARD="urn:ietf:params:xml:ns:carddav">
              <sync-token>\(token)</sync-token><sync-level>1</sync-level>\(limitElement)<prop>\(props)</prop>
            </sync-collection>
            """, backend: backend)
    }

    func token(_ answer: Answer) -> String? { answer.xml?.child(.dav("sync-token"))?.text }

    @Test func initialSyncListsEveryCardAndNoRemovals() async throws {
        let backend = InMemoryBackend(cards: [("a.vcf", vcard("a", fn: "Ada")), ("b.vcf", vcard("b", fn: "Bob"))])
        try await backend.delete(name: "b.vcf", precondition: .none)
        let answer = await sync("", backend: backend)
        #expect(answer.status == 207)
        #expect(answer.responses.map(\.href) == [book + "a.vcf"])
        #expect(token(answer) == "http://friends.invalid/ns/sync/3")
        let empty = await send("REPORT", book, body: #"<D:sync-collection xmlns:D="DAV:"><D:sync-token/><D:prop><D:getetag/></D:prop></D:sync-collection>"#, backend: backend)
        #expect(empty.responses.count == 1)
    }

    @Test func aBigInitialSyncStreamsPageByPageWithTheTokenFromBeforeIt() async throws {
        let cards = (0..<2_500).map { ("card-\($0).vcf", vcard("\($0)", fn: "Person \($0)")) }
        let backend = InMemoryBackend(cards: cards)
        let answer = await sync("", props: "<getetag/><CARD:address-data/>", backend: backend)
        #expect(answer.status == 207)
        #expect(Set(answer.responses.map(\.href)) == Set(cards.map { book + $0.0 }))
        #expect(answer.responses.count == 2_500)
        #expect(answer.response(book + "card-7.vcf")?.found(.cardDAV("address-data"))?.text == vcard("7", fn: "Person 7"))
        #expect(token(answer) == "http://friends.invalid/ns/sync/2500")
        #expect(await backend.pagesRead == 3)
    }

    @Test func incrementalSyncListsChangesAndRemovals() async throws {
        let backend = InMemoryBackend(cards: [("a.vcf", vcard("a", fn: "Ada")), ("b.vcf", vcard("b", fn: "Bob"))])
        let first = try #require(token(await sync("", backend: backend)))
        _ = try await backend.put(name: "c.vcf", card: Array(vcard("c", fn: "Cy").utf8), precondition: .mustNotExist)
        try await backend.delete(name: "a.vcf", precondition: .none)
        let answer = await sync(first, props: "<getetag/><CARD:address-data/>", backend: backend)
        #expect(answer.status == 207)
        let removed = try #require(answer.response(book + "a.vcf"))
        #expect(removed.status == "HTTP/1.1 404 Not Found")
        #expect(removed.children(.dav("propstat")).isEmpty)
        let added = try #require(answer.response(book + "c.vcf"))
        #expect(added.found(.cardDAV("address-data"))?.text == vcard("c", fn: "Cy"))
        #expect(answer.response(book + "b.vcf") == nil)
        let next = try #require(token(answer))
        #expect(next == "http://friends.invalid/ns/sync/4")
        let quiet = await sync(next, backend: backend)
        #expect(quiet.responses.isEmpty)
        #expect(token(quiet) == next)
    }

    @Test func garbageAndForgottenTokensGet403ValidSyncToken() async throws {
        let backend = InMemoryBackend(cards: [("a.vcf", vcard("a", fn: "Ada"))])
        for garbage in ["42", "http://sabre.io/ns/sync/1", "http://friends.invalid/ns/sync/99", "http://friends.invalid/ns/sync/x"] {
            let answer = await sync(garbage, backend: backend)
            #expect(answer.status == 403, "\(garbage)")
            #expect(answer.xml?.name == .dav("error"))
            #expect(answer.xml?.child(.dav("valid-sync-token")) != nil)
        }
        let old = try #require(token(await sync("", backend: backend)))
        _ = try await backend.put(name: "b.vcf", card: Array(vcard("b", fn: "Bob").utf8), precondition: .none)
        await backend.forgetHistory()
        let answer = await sync(old, backend: backend)
        #expect(answer.status == 403)
        #expect(answer.xml?.child(.dav("valid-sync-token")) != nil)
    }

    /// Thunderbird's own address book starts again from scratch on a 400 only; TbSync, like
    /// DAVx5, on the 403.
    @Test func thunderbirdsOwnAddressBookGets400ForATokenItCannotUse() async throws {
        let backend = InMemoryBackend(cards: [("a.vcf", vcard("a", fn: "Ada"))])
        let thunderbird = "Mozilla/5.0 (X11; Linux x86_64; rv:115.0) Gecko/20100101 Thunderbird/115.3.1"
        let answer = await sync("http://friends.invalid/ns/sync/99", userAgent: thunderbird, backend: backend)
        #expect(answer.status == 400)
        #expect(answer.xml?.child(.dav("valid-sync-token")) != nil)
        #expect(await sync("http://friends.invalid/ns/sync/99", userAgent: "Thunderbird CalDAV/CardDAV", backend: backend).status == 403)
        #expect(await sync("", userAgent: thunderbird, backend: backend).status == 207)
    }

    /// A new database at the same place (a deleted file, a memory store after a restart) counts
    /// its changes from 0 again: a client's token from the old one must not be read as a position in it.
    @Test func aTokenOfTheBookThatWasHereBeforeGets403() async throws {
        let backend = InMemoryBackend(cards: [("a.vcf", vcard("a", fn: "Ada"))])
        await backend.setEpoch(1_700_000_000)
        let first = try #require(token(await sync("", backend: backend)))
        #expect(first == "http://friends.invalid/ns/sync/1700000000-1")
        #expect(await sync(first, backend: backend).status == 207)
        let book = await send("PROPFIND", "/dav/addressbooks/friends/friends/", headers: [("Depth", "0")], body: """
            <D:propfind xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/"><D:prop><D:sync-token/><CS:getctag/></D:prop></D:propfind>
            """, backend: backend)
        let response = try #require(book.response("/dav/addressbooks/friends/friends/"))
        #expect(response.found(.dav("sync-token"))?.text == first)
        #expect(response.found(.calendarServer("getctag"))?.text == first)

        await backend.setEpoch(1_800_000_000)
        for stale in [first, "http://friends.invalid/ns/sync/1"] {
            let answer = await sync(stale, backend: backend)
            #expect(answer.status == 403, "\(stale)")
            #expect(answer.xml?.child(.dav("valid-sync-token")) != nil)
        }
    }

    @Test func aLimitReturnsAPartialTokenAndA507() async throws {
        let backend = InMemoryBackend(cards: (0..<5).map { ("\($0).vcf", vcard("\($0)", fn: "P\($0)")) })
        let start = "http://friends.invalid/ns/sync/0"
        let first = await sync(start, limit: 2, backend: backend)
        #expect(first.responses.map(\.href) == [book + "0.vcf", book + "1.vcf", book])
        #expect(first.responses.last?.element.status == "HTTP/1.1 507 Insufficient Storage")
        #expect(token(first) == "http://friends.invalid/ns/sync/2")
        let second = await sync(token(first) ?? "", limit: 10, backend: backend)
        #expect(second.responses.map(\.href) == [book + "2.vcf", book + "3.vcf", book + "4.vcf"])
        #expect(token(second) == "http://friends.invalid/ns/sync/5")
        let serverLimited = await send("REPORT", book, body: """
            <D:sync-collection xmlns:D="DAV:"><D:sync-token>\(start)</D:sync-token><D:prop><D:getetag/></D:prop></D:sync-collection>
            """, backend: backend, configuration: CardDAVConfiguration(maxSyncResults: 3))
        #expect(serverLimited.responses.count == 4)
        let zero = await sync(start, limit: 0, backend: backend)
        #expect(zero.status == 400)
        let huge = await send("REPORT", book, body: """
            <D:sync-collection xmlns:D="DAV:"><D:sync-token>\(start)</D:sync-token><D:limit><D:nresults>99999999999999999999</D:nresults></D:limit><D:prop><D:getetag/></D:prop></D:sync-collection>
            """, backend: backend)
        #expect(huge.status == 207)
        #expect(huge.responses.count == 5)
        for bad in ["-1", "1.5", "", "two"] {
            let answer = await send("REPORT", book, body: """
                <D:sync-collection xmlns:D="DAV:"><D:sync-token>\(start)</D:sync-token><D:limit><D:nresults>\(bad)</D:nresults></D:limit><D:prop><D:getetag/></D:prop></D:sync-collection>
                """, backend: backend)
            #expect(answer.status == 400, "\(bad)")
        }
    }

    @Test func anInitialSyncUnderALimitGoesOnFromItsTokenUntilEveryCardIsListed() async throws {
        let backend = InMemoryBackend(cards: (0..<5).map { ("\($0).vcf", vcard("\($0)", fn: "P\($0)")) })
        let first = await sync("", limit: 2, backend: backend)
        #expect(first.status == 207)
        #expect(first.responses.map(\.href) == [book + "0.vcf", book + "1.vcf", book])
        #expect(first.responses.last?.element.status == "HTTP/1.1 507 Insufficient Storage")
        #expect(first.responses.last?.element.child(.dav("error"))?.child(.dav("number-of-matches-within-limits")) != nil)
        #expect(token(first) == "http://friends.invalid/ns/sync/5.2")
        let second = await sync(token(first) ?? "", limit: 2, backend: backend)
        #expect(second.responses.map(\.href) == [book + "2.vcf", book + "3.vcf", book])
        let last = await sync(token(second) ?? "", limit: 2, backend: backend)
        #expect(last.responses.map(\.href) == [book + "4.vcf"])
        #expect(token(last) == "http://friends.invalid/ns/sync/5")
        let after = await sync(token(last) ?? "", backend: backend)
        #expect(after.status == 207)
        #expect(after.responses.isEmpty)
    }

    @Test func whatChangesDuringAPagedInitialSyncReachesTheSyncAfterIt() async throws {
        let backend = InMemoryBackend(cards: (0..<5).map { ("\($0).vcf", vcard("\($0)", fn: "P\($0)")) })
        let first = await sync("", limit: 2, backend: backend)
        _ = try await backend.put(name: "0.vcf", card: Array(vcard("0", fn: "Changed").utf8), precondition: .none)
        try await backend.delete(name: "1.vcf", precondition: .none)
        try await backend.delete(name: "3.vcf", precondition: .none)
        _ = try await backend.put(name: "z.vcf", card: Array(vcard("z", fn: "New").utf8), precondition: .none)
        let rest = await sync(token(first) ?? "", backend: backend)
        #expect(rest.responses.map(\.href) == [book + "2.vcf", book + "4.vcf", book + "z.vcf"],
                "a card removed from a page already sent moves nothing")
        #expect(token(rest) == "http://friends.invalid/ns/sync/5", "the token read before the listing")
        let next = await sync(token(rest) ?? "", backend: backend)
        #expect(Set(next.responses.map(\.href)) == [book + "0.vcf", book + "1.vcf", book + "3.vcf", book + "z.vcf"])
        #expect(next.response(book + "1.vcf")?.status == "HTTP/1.1 404 Not Found")
        #expect(next.response(book + "3.vcf")?.status == "HTTP/1.1 404 Not Found")
    }

    @Test func aListingTokenThatCannotBeUsedGets403() async throws {
        let backend = InMemoryBackend(cards: (0..<5).map { ("\($0).vcf", vcard("\($0)", fn: "P\($0)")) })
        await backend.setEpoch(7)
        let first = await sync("", limit: 2, backend: backend)
        #expect(token(first) == "http://friends.invalid/ns/sync/7-5.2")
        for bad in ["http://friends.invalid/ns/sync/7-5.", "http://friends.invalid/ns/sync/7-5.02",
                    "http://friends.invalid/ns/sync/7-5.2.3", "http://friends.invalid/ns/sync/7-99.2",
                    "http://friends.invalid/ns/sync/8-5.2"] {
            let answer = await sync(bad, backend: backend)
            #expect(answer.status == 403, "\(bad)")
        }
        _ = try await backend.put(name: "z.vcf", card: Array(vcard("z", fn: "New").utf8), precondition: .none)
        await backend.forgetHistory()
        let forgotten = await sync(token(first) ?? "", backend: backend)
        #expect(forgotten.status == 403)
        #expect(forgotten.xml?.child(.dav("valid-sync-token")) != nil)
    }

    @Test func tokensSurroundedByCRLFStillWork() async throws {
        let backend = InMemoryBackend(cards: [("a.vcf", vcard("a", fn: "Ada"))])
        let body = "<D:sync-collection xmlns:D=\"DAV:\">\r\n<D:sync-token>\r\n  http://friends.invalid/ns/sync/1\r\n</D:sync-token>\r\n<D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>\r\n"
        let answer = await send("REPORT", book, body: body, backend: backend)
        #expect(answer.status == 207)
        #expect(answer.responses.isEmpty)
    }

    @Test func badSyncLevelIsABadRequest() async {
        let backend = InMemoryBackend()
        let answer = await send("REPORT", book, body: """
            <D:sync-collection xmlns:D="DAV:"><D:sync-token/><D:sync-level>2</D:sync-level><D:prop/></D:sync-collection>
            """, backend: backend)
        #expect(answer.status == 400)
    }
}

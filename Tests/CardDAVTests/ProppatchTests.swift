import Testing
@testable import CardDAV

/// PROPPATCH: the address book's display name can be set and removed; anything else is refused,
/// and one refusal leaves everything as it was (RFC 4918 9.2).
@Suite struct ProppatchTests {
    let backend = InMemoryBackend(cards: [("a.vcf", vcard("a", fn: "Ada"))])

    func patch(_ updates: String, at path: String = book) async -> Answer {
        await send("PROPPATCH", path, headers: [("Content-Type", "application/xml")], body: """
            <D:propertyupdate xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">\(updates)</D:propertyupdate>
            """, backend: backend)
    }

    func set(_ props: String) -> String { "<D:set><D:prop>\(props)</D:prop></D:set>" }

    func bookName() async -> String? {
        let answer = await send("PROPFIND", book, headers: [("Depth", "0")],
                                body: #"<D:propfind xmlns:D="DAV:"><D:prop><D:displayname/></D:prop></D:propfind>"#, backend: backend)
        return answer.response(book)?.found(.dav("displayname"))?.text
    }

    /// The names of the properties answered with `status` in the one response.
    func names(_ answer: Answer, _ status: String, at href: String = book) -> [XMLName] {
        let propstats = answer.response(href)?.children(.dav("propstat")) ?? []
        return propstats.filter { $0.child(.dav("status"))?.text == status }
            .flatMap { $0.child(.dav("prop"))?.children.map(\.name) ?? [] }
    }

    @Test func renamingTheBookIsKeptAndListedInTheHome() async throws {
        let answer = await patch(set("<D:displayname>  Family &amp; Co  </D:displayname>"))
        #expect(answer.status == 207)
        #expect(names(answer, "HTTP/1.1 200 OK") == [.dav("displayname")])
        #expect(await bookName() == "Family & Co")
        let home = await send("PROPFIND", "/dav/addressbooks/friends/", headers: [("Depth", "1")],
                              body: #"<D:propfind xmlns:D="DAV:"><D:prop><D:displayname/></D:prop></D:propfind>"#, backend: backend)
        #expect(home.response(book)?.found(.dav("displayname"))?.text == "Family & Co")
    }

    @Test func removingTheNameOrSettingItEmptyGivesTheDefaultBack() async throws {
        _ = await patch(set("<D:displayname>Work</D:displayname>"))
        let removed = await patch("<D:remove><D:prop><D:displayname/></D:prop></D:remove>")
        #expect(names(removed, "HTTP/1.1 200 OK") == [.dav("displayname")])
        #expect(await bookName() == "Friends")
        _ = await patch(set("<D:displayname>Work</D:displayname>"))
        _ = await patch(set("<D:displayname> </D:displayname>"))
        #expect(await bookName() == "Friends")
        // In document order: set, then remove.
        _ = await patch(set("<D:displayname>Work</D:displayname>") + "<D:remove><D:prop><D:displayname/></D:prop></D:remove>")
        #expect(await bookName() == "Friends")
    }

    func collectionState(at path: String = book, depth: String = "0") async throws -> (ctag: String, token: String) {
        let answer = await send("PROPFIND", path, headers: [("Depth", depth)], body: """
            <D:propfind xmlns:D="DAV:" xmlns:CS="http://calendarserver.org/ns/"><D:prop><CS:getctag/><D:sync-token/></D:prop></D:propfind>
            """, backend: backend)
        let response = try #require(answer.response(book))
        return (try #require(response.found(.calendarServer("getctag"))?.text), try #require(response.found(.dav("sync-token"))?.text))
    }

    /// Apple's Contacts and DAVx5 read the book's properties again only when its CTag moves; the
    /// sync token counts the cards' changes, and a rename is none.
    @Test func aRenameMovesTheCTagAndNoCardIsChangedForSync() async throws {
        let before = try await collectionState()
        #expect(before.ctag == before.token, "with the default name, the CTag is the sync token")
        _ = await patch(set("<D:displayname>Work</D:displayname>"))
        let work = try await collectionState()
        #expect(work.ctag != before.ctag)
        #expect(work.token == before.token)
        #expect(try await collectionState(at: "/dav/addressbooks/friends/", depth: "1").ctag == work.ctag, "iOS reads it in the home")
        let sync = await send("REPORT", book, body: """
            <D:sync-collection xmlns:D="DAV:"><D:sync-token>\(before.token)</D:sync-token><D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>
            """, backend: backend)
        #expect(sync.status == 207)
        #expect(sync.responses.isEmpty)

        _ = await patch(set("<D:displayname>Play</D:displayname>"))
        let play = try await collectionState()
        #expect(play.ctag != work.ctag && play.ctag != before.ctag)
        _ = await patch(set("<D:displayname>Work</D:displayname>"))
        #expect(try await collectionState().ctag == work.ctag, "the same name and cards, the same CTag")
        _ = await send("PUT", book + "b.vcf", body: vcard("b", fn: "Bob"), backend: backend)
        let withCard = try await collectionState()
        #expect(withCard.ctag != work.ctag && withCard.token != work.token)
        _ = await patch("<D:remove><D:prop><D:displayname/></D:prop></D:remove>")
        let removed = try await collectionState()
        #expect(removed.ctag == removed.token && removed.ctag != withCard.ctag)
    }

    /// A colour sent with the name cannot be kept, so neither is the name.
    @Test func aPropertyThatCannotBeSetFailsTheWholeRequest() async throws {
        let answer = await patch(set("""
            <D:displayname>Mine</D:displayname><I:addressbook-color xmlns:I="http://inf-it.com/ns/ab/">#ff0000</I:addressbook-color>
            """))
        #expect(answer.status == 207)
        #expect(names(answer, "HTTP/1.1 403 Forbidden") == [XMLName("http://inf-it.com/ns/ab/", "addressbook-color")])
        #expect(names(answer, "HTTP/1.1 424 Failed Dependency") == [.dav("displayname")])
        #expect(answer.response(book)?.propstatStatuses == ["HTTP/1.1 403 Forbidden", "HTTP/1.1 424 Failed Dependency"])
        #expect(await bookName() == "Friends")
    }

    @Test func anUnfitNameIsAConflictAndChangesNothing() async throws {
        _ = await patch(set("<D:displayname>Kept</D:displayname>"))
        let unfit = [
            String(repeating: "é", count: DisplayNameRule.maxLength + 1),
            "Two&#10;lines", "A&#9;tab", "Next\u{85}line", "<b>bold</b>",
        ]
        for name in unfit {
            let answer = await patch(set("<D:displayname>\(name)</D:displayname>"))
            #expect(answer.status == 207, "\(name)")
            #expect(names(answer, "HTTP/1.1 409 Conflict") == [.dav("displayname")], "\(name)")
            let description = answer.response(book)?.child(.dav("propstat"))?.child(.dav("responsedescription"))?.text ?? ""
            #expect(description.contains("display name"), "\(name)")
        }
        #expect(await bookName() == "Kept")
        let longest = String(repeating: "é", count: DisplayNameRule.maxLength)
        _ = await patch(set("<D:displayname>\(longest)</D:displayname>"))
        #expect(await bookName() == longest)
    }

    @Test func otherResourcesKeepTheirNames() async throws {
        for path in ["/dav/principals/friends/", "/dav/addressbooks/friends/", book + "a.vcf"] {
            let answer = await patch(set("<D:displayname>Renamed</D:displayname>"), at: path)
            #expect(answer.status == 207, "\(path)")
            #expect(names(answer, "HTTP/1.1 403 Forbidden", at: path) == [.dav("displayname")], "\(path)")
        }
        #expect(await bookName() == "Friends")
        let missingCard = await patch(set("<D:displayname>Renamed</D:displayname>"), at: book + "gone.vcf")
        #expect(missingCard.status == 404)
    }

    @Test func aStoreThatIsDownIsA503() async throws {
        await backend.setFailure(.unavailable("The database is restarting."))
        let answer = await patch(set("<D:displayname>Later</D:displayname>"))
        #expect(answer.status == 503)
    }
}

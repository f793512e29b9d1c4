import Testing
@testable import CardDAV

/// What iOS/macOS Contacts, DAVx5 and Thunderbird send to find the address book.
@Suite struct DiscoveryTests {
    let backend = InMemoryBackend(cards: [("a.vcf", vcard("a", fn: "Ada"))])

    @Test func iOSFindsThePrincipalFromTheRootWithoutARedirect() async throws {
        // The response names the URL as it was asked, with its final slash or without.
        for path in ["/", "/.well-known/carddav", "/.well-known/carddav/"] {
            let answer = await send("PROPFIND", path, headers: [("Depth", "0")], body: """
                <?xml version="1.0" encoding="UTF-8"?>
                <A:propfind xmlns:A="DAV:">
                  <A:prop><A:current-user-principal/><A:principal-URL/><A:resourcetype/></A:prop>
                </A:propfind>
                """, backend: backend)
            #expect(answer.status == 207)
            #expect(answer.header("Content-Type") == "application/xml; charset=utf-8")
            #expect(answer.text.hasPrefix(#"<?xml version="1.0" encoding="utf-8"?>"#))
            let response = try #require(answer.response(path))
            #expect(response.found(.dav("current-user-principal"))?.child(.dav("href"))?.text == "/dav/principals/friends/")
            #expect(response.missing(.dav("principal-URL")))
            #expect(response.propstatStatuses.first?.contains("200") == true)
        }
    }

    @Test(arguments: ["/.well-known/carddav", "/.well-known/carddav/"])
    func otherMethodsOnTheWellKnownURLAreRedirected(path: String) async {
        let answer = await send("GET", path, backend: backend)
        #expect(answer.status == 301)
        #expect(answer.header("Location") == "/dav/")
    }

    /// 308, not 301: a client sends its PROPFIND or PUT again with its method and body.
    @Test func anAddressBookURLTypedWithCapitalsIsRedirectedWithItsMethod() async {
        for method in ["PROPFIND", "PUT", "GET"] {
            let answer = await send(method, "/dav/addressbooks/Friends/friends/a.vcf", backend: backend)
            #expect(answer.status == 308)
            #expect(answer.header("Location") == "/dav/addressbooks/friends/friends/a.vcf")
            #expect(answer.text.contains("lower case"))
        }
    }

    @Test func iOSReadsTheHomeSetFromThePrincipal() async throws {
        let answer = await send("PROPFIND", "/dav/principals/friends/", headers: [("Depth", "0")], body: """
            <?xml version="1.0" encoding="UTF-8"?>
            <A:propfind xmlns:A="DAV:" xmlns:B="urn:ietf:params:xml:ns:carddav">
              <A:prop>
                <B:addressbook-home-set/><A:displayname/><A:principal-URL/><A:resourcetype/>
                <A:principal-collection-set/><A:supported-report-set/>
                <C:email-address-set xmlns:C="http://calendarserver.org/ns/"/>
              </A:prop>
            </A:propfind>
            """, backend: backend)
        #expect(answer.status == 207)
        let response = try #require(answer.response("/dav/principals/friends/"))
        #expect(response.found(.cardDAV("addressbook-home-set"))?.child(.dav("href"))?.text == "/dav/addressbooks/friends/")
        #expect(response.found(.dav("principal-URL"))?.child(.dav("href"))?.text == "/dav/principals/friends/")
        #expect(response.found(.dav("resourcetype"))?.child(.dav("principal")) != nil)
        #expect(response.found(.dav("displayname"))?.text == "friends")
        #expect(response.missing(.calendarServer("email-address-set")))
        #expect(response.propstatStatuses.count == 2)
        #expect(response.propstatStatuses[0].contains("200"))
    }

    @Test func iOSListsTheHomeAndFindsTheAddressBook() async throws {
        let answer = await send("PROPFIND", "/dav/addressbooks/friends/", headers: [("Depth", "1")], body: """
            <?xml version="1.0" encoding="UTF-8"?>
            <A:propfind xmlns:A="DAV:">
              <A:prop>
                <A:resourcetype/><A:displayname/><A:supported-report-set/><A:current-user-privilege-set/>
                <A:sync-token/><B:getctag xmlns:B="http://calendarserver.org/ns/"/>
                <C:max-resource-size xmlns:C="urn:ietf:params:xml:ns:carddav"/>
                <A:quota-available-bytes/>
              </A:prop>
            </A:propfind>
            """, backend: backend)
        #expect(answer.status == 207)
        #expect(answer.responses.map(\.href) == ["/dav/addressbooks/friends/", book])
        let home = try #require(answer.response("/dav/addressbooks/friends/"))
        #expect(home.missing(.dav("sync-token")))
        let response = try #require(answer.response(book))
        let resourceType = try #require(response.found(.dav("resourcetype")))
        #expect(resourceType.child(.dav("collection")) != nil)
        #expect(resourceType.child(.cardDAV("addressbook")) != nil)
        #expect(response.found(.dav("displayname"))?.text == "Friends")
        let reports = response.found(.dav("supported-report-set"))?.children(.dav("supported-report"))
            .compactMap { $0.child(.dav("report"))?.children.first?.name }
        #expect(reports == [.cardDAV("addressbook-multiget"), .cardDAV("addressbook-query"), .dav("sync-collection")])
        let privileges = response.found(.dav("current-user-privilege-set"))?.children.compactMap { $0.children.first?.name.local }
        #expect(privileges?.contains("write-content") == true && privileges?.contains("bind") == true)
        #expect(response.found(.dav("sync-token"))?.text == "http://friends.invalid/ns/sync/1")
        #expect(response.found(.calendarServer("getctag"))?.text == "http://friends.invalid/ns/sync/1")
        #expect(response.found(.cardDAV("max-resource-size"))?.text == "1048576")
        #expect(response.missing(.dav("quota-available-bytes")))
    }

    @Test func optionsAdvertisesAddressBookSupport() async {
        let answer = await send("OPTIONS", book, backend: backend)
        #expect(answer.status == 200)
        #expect(answer.header("DAV") == "1, 3, addressbook")
        #expect(answer.header("Allow")?.contains("REPORT") == true)
        #expect(answer.header("Allow")?.contains("PUT") == false)
        let card = await send("OPTIONS", book + "a.vcf", backend: backend)
        #expect(card.header("Allow")?.contains("PUT") == true)
        #expect(card.header("Allow")?.contains("DELETE") == true)
        let root = await send("OPTIONS", "/", backend: backend)
        #expect(root.header("Allow") == "OPTIONS, PROPFIND")
    }

    /// On the book, whose cards have no members, infinity is exactly 1 (sabre/dav and Radicale
    /// answer it so); above it, it would be the whole tree, and is refused.
    @Test func depthInfinityIsOneOnTheBookAndRefusedAboveItAndAMissingDepthIsOne() async {
        let infinity = await send("PROPFIND", book, headers: [("Depth", "infinity")], backend: backend)
        #expect(infinity.status == 207)
        #expect(infinity.responses.count == 2)
        let home = await send("PROPFIND", "/dav/addressbooks/friends/", headers: [("Depth", "infinity")], backend: backend)
        #expect(home.status == 403)
        #expect(home.xml?.child(.dav("propfind-finite-depth")) != nil)
        let missing = await send("PROPFIND", book, backend: backend)
        #expect(missing.status == 207)
        #expect(missing.responses.count == 2)
        let nonsense = await send("PROPFIND", book, headers: [("Depth", "2")], backend: backend)
        #expect(nonsense.status == 400)
    }

    @Test func onACardDepthInfinityIsDepthZero() async {
        let answer = await send("PROPFIND", book + "a.vcf", headers: [("Depth", "infinity")], backend: backend)
        #expect(answer.status == 207)
        #expect(answer.responses.count == 1)
    }

    @Test func handlesOnlyDiscoveryAndDAVPaths() {
        #expect(CardDAVHandler.handles(path: "/", method: "PROPFIND"))
        #expect(CardDAVHandler.handles(path: "/", method: "options"))
        #expect(!CardDAVHandler.handles(path: "/", method: "GET"))
        #expect(CardDAVHandler.handles(path: "/.well-known/carddav", method: "GET"))
        #expect(CardDAVHandler.handles(path: "/dav/addressbooks/x/friends/a.vcf", method: "PUT"))
        #expect(CardDAVHandler.handles(path: "/dav", method: "PROPFIND"))
        #expect(!CardDAVHandler.handles(path: "/davx", method: "PROPFIND"))
        #expect(!CardDAVHandler.handles(path: "/friends", method: "GET"))
        #expect(!CardDAVHandler.handles(path: "/.well-known/caldav", method: "PROPFIND"))
        #expect(CardDAVHandler.handles(path: "//dav/addressbooks/x/friends/a.vcf", method: "PUT"), "a base ending in / joined to /dav/…")
        #expect(CardDAVHandler.handles(path: "//", method: "PROPFIND"))
        #expect(CardDAVHandler.handles(path: "/.well-known//carddav", method: "PROPFIND"))
        #expect(!CardDAVHandler.handles(path: "//friends", method: "GET"))
    }

    @Test func anotherPrincipalsAddressBookIsNotFound() async {
        let answer = await send("PROPFIND", "/dav/addressbooks/someone/friends/", headers: [("Depth", "0")], backend: backend)
        #expect(answer.status == 404)
        let principal = await send("PROPFIND", "/dav/principals/someone/", headers: [("Depth", "0")], backend: backend)
        #expect(principal.status == 404)
    }
}

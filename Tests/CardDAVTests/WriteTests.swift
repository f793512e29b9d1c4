import Testing
@testable import CardDAV

@Suite struct WriteTests {
    let card = vcard("u1", fn: "Ada")

    @Test func vdirsyncerCreatesWithIfNoneMatchAndUpdatesWithIfMatch() async throws {
        let backend = InMemoryBackend()
        let path = book + "8F3A-12.vcf"
        let created = await send("PUT", path, headers: [("Content-Type", "text/vcard; charset=utf-8"), ("If-None-Match", "*")],
                                 body: card, backend: backend)
        #expect(created.status == 201)
        let etag = try #require(created.header("ETag"))
        #expect(await backend.cards["8F3A-12.vcf"]?.card == Array(card.utf8))

        let again = await send("PUT", path, headers: [("If-None-Match", "*")], body: card, backend: backend)
        #expect(again.status == 412)

        let stale = await send("PUT", path, headers: [("If-Match", "\"0-0\"")], body: card, backend: backend)
        #expect(stale.status == 412)

        let updated = await send("PUT", path, headers: [("If-Match", etag), ("Content-Type", "text/x-vcard")],
                                 body: vcard("u1", fn: "Ada L."), backend: backend)
        #expect(updated.status == 204)
        #expect(updated.header("ETag") != nil && updated.header("ETag") != etag)

        let got = await send("GET", path, backend: backend)
        #expect(got.status == 200)
        #expect(got.header("Content-Type") == "text/vcard; charset=utf-8")
        #expect(got.header("ETag") == updated.header("ETag"))
        #expect(got.text == vcard("u1", fn: "Ada L."))

        let head = await send("HEAD", path, backend: backend)
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(head.header("Content-Length") == String(vcard("u1", fn: "Ada L.").utf8.count))

        let notModified = await send("GET", path, headers: [("If-None-Match", updated.header("ETag") ?? "")], backend: backend)
        #expect(notModified.status == 304)
        let current = updated.header("ETag") ?? ""
        #expect(await send("GET", path, headers: [("If-Match", current)], backend: backend).status == 200)
        #expect(await send("GET", path, headers: [("If-Match", "\"nope\", \(current)")], backend: backend).status == 200)
        #expect(await send("GET", path, headers: [("If-Match", "\"nope\"")], backend: backend).status == 412)
        #expect(await send("GET", path, headers: [("If-Match", "W/\(current)")], backend: backend).status == 412, "compared strongly")
        #expect(await send("HEAD", path, headers: [("If-Match", "\"nope\"")], backend: backend).status == 412)
    }

    /// A client joining a base that ends in `/` to a path that starts with one sends `//`.
    @Test func aDoubleSlashInThePathIsOneSeparator() async throws {
        let backend = InMemoryBackend()
        let put = await send("PUT", "/dav//addressbooks/friends/friends//a.vcf", headers: [("If-None-Match", "*")],
                             body: card, backend: backend)
        #expect(put.status == 201)
        #expect(put.header("Location") == book + "a.vcf")
        #expect(await backend.cards["a.vcf"]?.card == Array(card.utf8))
        let listing = await send("PROPFIND", "//dav/addressbooks/friends//friends/", headers: [("Depth", "1")], backend: backend)
        #expect(listing.status == 207)
        #expect(listing.responses.map(\.href) == [book, book + "a.vcf"], "answered under the hrefs the server gives")
        #expect(await send("GET", book + "/a.vcf", backend: backend).text == card)
        let elsewhere = await send("PROPFIND", "/dav/addressbooks//someone//friends/", headers: [("Depth", "0")], backend: backend)
        #expect(elsewhere.status == 404)
        let outside = await send("DELETE", "/dav/addressbooks/friends/friends//..//a.vcf", backend: backend)
        #expect(outside.status == 400)
        #expect(await backend.cards["a.vcf"] != nil)
    }

    @Test func aRewrittenCardIsAnsweredWithoutAnETag() async {
        let backend = InMemoryBackend()
        await backend.setRewrite(Array(vcard("u1", fn: "Normalised").utf8))
        let answer = await send("PUT", book + "x.vcf", body: card, backend: backend)
        #expect(answer.status == 201)
        #expect(answer.header("ETag") == nil)
    }

    @Test func tooLargeCardsAreRefusedByLengthAndByBytes() async {
        let backend = InMemoryBackend()
        let configuration = CardDAVConfiguration(maxResourceSize: 50)
        let byHeader = await send("PUT", book + "x.vcf", headers: [("Content-Length", "5000")], body: "BEGIN:VCARD",
                                  backend: backend, configuration: configuration)
        #expect(byHeader.status == 403)
        #expect(byHeader.xml?.child(.cardDAV("max-resource-size")) != nil)
        let byBytes = await send("PUT", book + "x.vcf", body: card, backend: backend, configuration: configuration)
        #expect(byBytes.status == 403)
        #expect(byBytes.xml?.child(.cardDAV("max-resource-size")) != nil)
    }

    @Test func contentTypesAreLenientButNotCareless() async {
        let backend = InMemoryBackend()
        // `utf8`, as some clients spell it (Radicale takes it too).
        let types = ["text/x-vcard", "text/directory; profile=vCard", "TEXT/VCARD", "text/vcard; charset=utf8", "text/vcard; charset=UTF8"]
        for (index, type) in types.enumerated() {
            let answer = await send("PUT", book + "\(index).vcf", headers: [("Content-Type", type)],
                                    body: vcard("t\(index)", fn: "T"), backend: backend)
            #expect(answer.status == 201, "\(type)")
        }
        let none = await send("PUT", book + "n.vcf", body: vcard("n", fn: "N"), backend: backend)
        #expect(none.status == 201)
        let json = await send("PUT", book + "j.vcf", headers: [("Content-Type", "application/json")], body: "{}", backend: backend)
        #expect(json.status == 415)
        #expect(json.xml?.child(.cardDAV("supported-address-data")) != nil)
    }

    @Test func backendRefusalsCarryTheirPreconditions() async throws {
        let backend = InMemoryBackend(cards: [("first.vcf", vcard("same", fn: "First"))])
        let invalid = await send("PUT", book + "x.vcf", body: "hello", backend: backend)
        #expect(invalid.status == 403)
        #expect(invalid.xml?.child(.cardDAV("valid-address-data")) != nil)
        #expect(invalid.text.contains("not a vCard"))

        let conflict = await send("PUT", book + "second.vcf", body: vcard("same", fn: "Second"), backend: backend)
        #expect(conflict.status == 403)
        let href = conflict.xml?.child(.cardDAV("no-uid-conflict"))?.child(.dav("href"))?.text
        #expect(href == book + "first.vcf")

        await backend.setFailure(.unavailable("Down for a moment."))
        let down = await send("PUT", book + "x.vcf", body: card, backend: backend)
        #expect(down.status == 503)
        #expect(down.header("Retry-After") != nil)

        await backend.setFailure(.forbidden("Read-only."))
        let forbidden = await send("DELETE", book + "first.vcf", backend: backend)
        #expect(forbidden.status == 403)
    }

    @Test func deleteHonoursIfMatch() async throws {
        let backend = InMemoryBackend(cards: [("a.vcf", card)])
        let etag = try #require(await backend.cards["a.vcf"]?.etag)
        let stale = await send("DELETE", book + "a.vcf", headers: [("If-Match", "\"nope\"")], backend: backend)
        #expect(stale.status == 412)
        let weak = await send("DELETE", book + "a.vcf", headers: [("If-Match", "W/\(etag)")], backend: backend)
        #expect(weak.status == 412)
        let deleted = await send("DELETE", book + "a.vcf", headers: [("If-Match", "\"other\", \(etag)")], backend: backend)
        #expect(deleted.status == 204)
        let again = await send("DELETE", book + "a.vcf", backend: backend)
        #expect(again.status == 404)
        // Conditions are ignored when the answer without them is not a success (RFC 9110 13.2.1):
        // a card that is gone is a 404, whatever If-Match says.
        for ifMatch in [etag, "*", "\"nope\""] {
            let gone = await send("DELETE", book + "a.vcf", headers: [("If-Match", ifMatch)], backend: backend)
            #expect(gone.status == 404, "\(ifMatch)")
        }
        let onlyIfAbsent = await send("DELETE", book + "a.vcf", headers: [("If-None-Match", "*")], backend: backend)
        #expect(onlyIfAbsent.status == 404)
        let malformed = await send("DELETE", book + "a.vcf", headers: [("If-Match", "unquoted")], backend: backend)
        #expect(malformed.status == 400)
    }

    @Test func collectionsCannotBeWrittenDeletedOrCreated() async {
        let backend = InMemoryBackend()
        for (method, path) in [("DELETE", book), ("PUT", book), ("MKCALENDAR", book),
                               ("COPY", book + "a.vcf"), ("MOVE", book + "a.vcf"), ("LOCK", book), ("POST", book),
                               ("DELETE", "/dav/addressbooks/friends/"), ("PUT", "/dav/principals/friends/"),
                               ("PROPPATCH", "/")] {
            let answer = await send(method, path, body: "x", backend: backend)
            #expect(answer.status == 405 || answer.status == 404, "\(method) \(path)")
            if answer.status == 405 { #expect(answer.header("Allow") != nil) }
            #expect(!answer.text.isEmpty)
        }
        let get = await send("GET", book, backend: backend)
        #expect(get.status == 200)
        #expect(get.text.contains("CardDAV"))
    }

    @Test func makingAnotherAddressBookIsForbiddenWithTheReason() async {
        for path in ["/dav/addressbooks/friends/work/", "/dav/addressbooks/friends/friends/new/"] {
            let answer = await send("MKCOL", path, backend: InMemoryBackend())
            #expect(answer.status == 403, "\(path)")
            #expect(answer.text.contains("one address book"))
        }
    }
}

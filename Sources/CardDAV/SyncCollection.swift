/// sync-collection (RFC 6578) on the address book.
///
/// What clients do with the answers, from the servers' and clients' issue trackers:
/// - DAVx5 starts with an empty `D:sync-token` element and expects every card (Cyrus once
///   refused the empty token and broke DAVx5's initial sync). On a 403 whose body holds
///   `D:valid-sync-token` it forgets its token and does an initial sync; a 400 is a hard error.
/// - TbSync (Thunderbird) learned the same fallback for 403 valid-sync-token; sabre/dav and
///   Radicale answer unknown tokens that way, so it is the answer clients are tested against.
/// - With a limit, the token returned must cover only the partial result, with a 507 response
///   for the collection so that clients ask again (sabre/dav fixed exactly this).
/// - Thunderbird's own CardDAV address book (102 and later) falls back to a full sync on a 400
///   only; on a 403 it keeps its token and fails every sync after (`updateAllFromServerV2`).
/// So any token we cannot use, garbage or too old, gets 403 with `D:valid-sync-token`, and 400
/// (with the same body) when Thunderbird itself asks: it sends its browser engine's
/// `User-Agent` (`… Gecko/20100101 Thunderbird/115.0`), which TbSync replaces with its own.
enum SyncCollection {
    static func handle(_ context: RequestContext, _ root: DAVXMLElement,
                       _ backend: some AddressBookBackend) async throws -> DAVResponse {
        let invalidToken = DAVRequestError.precondition(
            isThunderbirdsOwnAddressBook(context) ? 400 : 403, "<D:valid-sync-token/>",
            "The sync token is unknown or too old; sync again from the start.")
        let tokenText = root.child(.dav("sync-token"))?.text.trimmingSpaces ?? ""
        let epoch = try await backend.syncTokenEpoch()
        var token: SyncToken.Point?
        if !tokenText.isEmpty {
            guard let parsed = SyncToken.point(in: tokenText, epoch: epoch) else { throw invalidToken }
            token = parsed
        }
        // Level 1 and infinite are the same here: the address book has no child collections.
        switch root.child(.dav("sync-level"))?.text.trimmingSpaces ?? "1" {
        case "1", "infinite", "infinity": break
        default: throw DAVRequestError.badRequest("sync-level must be 1 or infinite.")
        }
        let (request, addressData) = try Reports.properties(in: root)
        let clientLimit = try Reports.limit(in: root, namespace: DAVNamespace.dav)
        let limit = min(clientLimit ?? Int.max, context.configuration.maxSyncResults)

        var properties = context.propertyContext()
        properties.addressData = addressData
        let frozen = properties
        let write = Changed(request: request, needsCards: Reports.needsCards(request), paths: context.paths,
                            properties: frozen)

        guard let token, token.listingAfter == nil else {
            // The initial sync is every card, listed a page at a time like PROPFIND's: the token is
            // read first, so a change made during the listing is sent again by the next sync. Under
            // the client's limit it stops there with a 507 and a token that says where the
            // listing goes on; the one after the last page is the token read first.
            let latest: Int
            if let token {
                // A listing that goes on is only worth finishing while its token can still be used.
                // (Asking for one change reads only the first of them: a reset further on is met
                // by the sync after the listing, which then gets 403 like any stale token.)
                guard try await backend.changes(since: token.number, limit: 1) != nil else { throw invalidToken }
                latest = token.number
            } else {
                latest = try await backend.syncToken()
            }
            let wanted = clientLimit ?? Int.max
            let firstPage = try await backend.summaries(after: token?.listingAfter ?? 0, limit: min(Propfind.pageSize, wanted))
            let bookHref = context.href
            return MultistatusWriter.response { out in
                var page = firstPage
                var remaining = wanted
                var next = SyncToken.Point(number: latest)
                while true {
                    try await write.append(page.summaries, to: &out, backend)
                    remaining -= page.summaries.count
                    guard let position = page.next else { break }
                    guard remaining > 0 else {
                        // A page that ends at the limit may also be the last: a 507 then would
                        // only cost the client a request for nothing.
                        if try await backend.summaries(after: position, limit: 1).summaries.isEmpty { break }
                        next.listingAfter = position
                        try await out.append(statusResponse(href: bookHref, status: 507,
                                                            error: "<D:number-of-matches-within-limits/>"))
                        break
                    }
                    page = try await backend.summaries(after: position, limit: min(Propfind.pageSize, remaining))
                }
                try await out.append("<D:sync-token>\(escapeXML(SyncToken.format(next, epoch: epoch)))</D:sync-token>\n")
            }
        }
        guard let delta = try await backend.changes(since: token.number, limit: limit) else { throw invalidToken }

        let paths = context.paths
        let bookHref = context.href
        return MultistatusWriter.response { out in
            try await write.append(delta.changed, to: &out, backend)
            for name in delta.removed {
                try await out.append(statusResponse(href: paths.href(.card(name)), status: 404))
            }
            if delta.truncated {
                try await out.append(statusResponse(href: bookHref, status: 507,
                                                    error: "<D:number-of-matches-within-limits/>"))
            }
            try await out.append("<D:sync-token>\(escapeXML(SyncToken.format(delta.token, epoch: epoch)))</D:sync-token>\n")
        }
    }
}

/// The responses for changed cards: their summaries, or their data read a batch at a time.
private struct Changed: Sendable {
    var request: PropertyRequest
    var needsCards: Bool
    var paths: DAVPaths
    var properties: PropertyContext

    func append(_ changed: [AddressObjectSummary], to out: inout MultistatusWriter,
                _ backend: some AddressBookBackend) async throws {
        for start in stride(from: 0, to: changed.count, by: Reports.batchSize) {
            let batch = changed[start..<min(start + Reports.batchSize, changed.count)]
            // By the names' bytes: `String` equality takes two spellings of `é` for one name.
            var objects: [[UInt8]: AddressObject] = [:]
            if needsCards {
                for object in try await backend.objects(named: batch.map(\.name)) { objects[Array(object.name.utf8)] = object }
            }
            for summary in batch {
                let href = paths.href(.card(summary.name))
                if !needsCards {
                    try await out.appendResponse(href: href, request: request,
                                                 target: .summary(summary), context: properties)
                } else if let object = objects[Array(summary.name.utf8)] {
                    try await out.appendResponse(href: href, request: request,
                                                 target: .object(object), context: properties)
                } else {
                    // Removed between listing the changes and reading the card.
                    try await out.append(statusResponse(href: href, status: 404))
                }
            }
        }
    }
}

extension SyncCollection {
    static func isThunderbirdsOwnAddressBook(_ context: RequestContext) -> Bool {
        let agent = context.request.header("User-Agent") ?? ""
        return agent.contains("Gecko/") && agent.contains("Thunderbird/")
    }
}

enum Propfind {
    static func handle(_ context: RequestContext, _ backend: some AddressBookBackend) async throws -> DAVResponse {
        let resource = context.resource
        let depth = try self.depth(context.request.header("Depth"), of: resource)
        let request = try propertyRequest(context)

        if case .card(let name) = resource {
            guard let object = try await backend.object(named: name) else {
                return .text(404, "There is no such card.")
            }
            let response = Properties.response(href: context.href, request: request, target: .object(object),
                                               context: context.propertyContext())
            return MultistatusWriter.bytes([response])
        }

        let touchesBook = resource == .addressBook || (resource == .home && depth == 1)
        var properties = context.propertyContext()
        if touchesBook {
            if Properties.needsDisplayName(request) { properties.displayName = try await backend.displayName() }
            if Properties.needsSyncToken(request) {
                properties.syncToken = SyncToken.format(try await backend.syncToken(), epoch: try await backend.syncTokenEpoch())
            }
        }
        var responses = [Properties.response(href: context.href, request: request, target: .resource(resource),
                                             context: properties)]
        if depth == 1 {
            for child in children(of: resource) {
                responses.append(Properties.response(href: context.paths.href(child), request: request,
                                                     target: .resource(child), context: properties))
            }
        }
        guard depth == 1, resource == .addressBook else { return MultistatusWriter.bytes(responses) }

        // The first page is read before the 207 goes out, so an unavailable store is still a 503.
        let readsCards = Reports.needsCards(request)
        let firstPage = try await listing(after: 0, readingCards: readsCards, from: backend)
        let paths = context.paths
        let first = responses
        let frozen = properties
        return MultistatusWriter.response { out in
            for response in first { try await out.append(response) }
            var page = firstPage
            while true {
                for card in page.cards {
                    try await out.appendResponse(href: paths.href(.card(card.name)), request: request,
                                                 target: card.target, context: frozen)
                }
                guard let next = page.next else { break }
                page = try await listing(after: next, readingCards: readsCards, from: backend)
            }
        }
    }

    /// Cards read from the backend at a time for a Depth 1 listing: a few pages for a big book,
    /// each a fraction of a megabyte.
    static let pageSize = 1_000

    /// A page of a Depth 1 listing: the cards' summaries, or the cards themselves (fewer at a
    /// time) when a property asked for needs their bytes (`getcontentlength`, `allprop`).
    private static func listing(after position: Int, readingCards: Bool, from backend: some AddressBookBackend)
        async throws -> (cards: [(name: String, target: PropertyTarget)], next: Int?) {
        if readingCards {
            let page = try await backend.objects(after: position, limit: Reports.batchSize)
            return (page.objects.map { ($0.name, .object($0)) }, page.next)
        }
        let page = try await backend.summaries(after: position, limit: pageSize)
        return (page.summaries.map { ($0.name, .summary($0)) }, page.next)
    }

    static func children(of resource: DAVResource) -> [DAVResource] {
        switch resource {
        case .davRoot: return [.principals, .homes]
        case .principals: return [.principal]
        case .homes: return [.home]
        case .home: return [.addressBook]
        default: return []
        }
    }

    /// RFC 4918 takes a missing Depth as infinity; like sabre/dav we answer it as 1 instead of
    /// refusing, because some clients omit the header (Radicale answers 0, which leaves out the
    /// cards such a client wants listed). An explicit infinity is answered where it is finite: on
    /// a card, which has no members, it is 0, and on the address book, whose cards have none, it
    /// is 1 (as sabre/dav and Radicale answer it); above the book it is refused.
    static func depth(_ header: String?, of resource: DAVResource) throws -> Int {
        switch header?.trimmingSpaces.lowercased() {
        case nil, "1": return 1
        case "0": return 0
        case "infinity":
            if case .card = resource { return 0 }
            if resource == .addressBook { return 1 }
            throw DAVRequestError.precondition(403, "<D:propfind-finite-depth/>",
                                               "Depth: infinity is not supported above the address book; use 0 or 1.")
        default:
            throw DAVRequestError.badRequest("The Depth header must be 0, 1 or infinity.")
        }
    }

    static func propertyRequest(_ context: RequestContext) throws -> PropertyRequest {
        if context.request.body.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            return .allprop(include: [])
        }
        let root = try context.readXML()
        guard root.name == .dav("propfind") else {
            throw DAVRequestError.badRequest("A PROPFIND body must be a DAV: propfind element.")
        }
        guard let request = try Properties.request(in: root) else {
            throw DAVRequestError.badRequest("A propfind must contain prop, allprop or propname.")
        }
        return request
    }
}

extension String {
    /// Without leading and trailing XML white space. Works on scalars: CR LF is one Character.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(scalars[first...last])
    }
}

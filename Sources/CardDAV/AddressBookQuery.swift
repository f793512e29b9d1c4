import Foundation

/// addressbook-query (RFC 6352 section 8.6): filters every card by its property values.
enum AddressBookQuery {
    static func handle(_ context: RequestContext, _ root: DAVXMLElement,
                       _ backend: some AddressBookBackend) async throws -> DAVResponse {
        let (request, addressData) = try Reports.properties(in: root)
        // A query without a filter element lists every card, as sabre/dav does.
        let filter = try root.child(.cardDAV("filter")).map(Filter.init) ?? Filter(allOf: false, propFilters: [])
        let clientLimit = try Reports.limit(in: root, namespace: DAVNamespace.cardDAV)
        let limit = min(clientLimit ?? Int.max, context.configuration.maxQueryResults)
        // RFC 6352 8.6: Depth 0 applies the query to the address book itself, which is no card.
        // A missing Depth (the RFC requires one) is taken as infinity, every card, as Radicale
        // does: a client that leaves it out wants the cards, not sabre/dav's 403.
        if try queriesTheBookItself(depth: context.request.header("Depth")) { return MultistatusWriter.bytes([]) }

        var properties = context.propertyContext()
        properties.addressData = addressData
        let frozen = properties
        let paths = context.paths
        let bookHref = context.href
        // The cards are read and matched a page at a time, so that a book of big cards never sits
        // in memory whole; the first page is read before the 207, so an unavailable store is a 503.
        let firstPage = try await backend.objects(after: 0, limit: Reports.batchSize)
        return MultistatusWriter.response { out in
            var page = firstPage
            var found = 0
            while true {
                for object in page.objects where filter.matches(object, backend) {
                    guard found < limit else {
                        try await out.append(statusResponse(href: bookHref, status: 507,
                                                            error: "<D:number-of-matches-within-limits/>"))
                        return
                    }
                    try await out.appendResponse(href: paths.href(.card(object.name)), request: request,
                                                 target: .object(object), context: frozen)
                    found += 1
                }
                guard let next = page.next else { return }
                page = try await backend.objects(after: next, limit: Reports.batchSize)
            }
        }
    }

    private static func queriesTheBookItself(depth: String?) throws -> Bool {
        switch depth?.trimmingSpaces.lowercased() {
        case "0": return true
        case nil, "1", "infinity": return false
        default: throw DAVRequestError.badRequest("The Depth header must be 0, 1 or infinity.")
        }
    }

    struct Filter {
        var allOf: Bool
        var propFilters: [PropFilter]

        init(allOf: Bool, propFilters: [PropFilter]) {
            self.allOf = allOf
            self.propFilters = propFilters
        }

        /// The most prop-filters, and text-matches and param-filters in each, a query may have:
        /// every one is tried on every card, and clients send a handful.
        static let maximumTests = 16

        init(_ element: DAVXMLElement) throws {
            allOf = try testIsAllOf(element)
            // Left unread, a text-match or param-filter outside a prop-filter would match every card.
            if let stray = element.children.first(where: { $0.name.namespace == DAVNamespace.cardDAV && $0.name.local != "prop-filter" }) {
                throw DAVRequestError.badRequest("A filter holds prop-filters only: a \(stray.name.local) goes inside a prop-filter.")
            }
            let propFilters = element.children(.cardDAV("prop-filter"))
            guard propFilters.count <= Self.maximumTests,
                  propFilters.allSatisfy({ $0.children(.cardDAV("text-match")).count <= Self.maximumTests
                      && $0.children(.cardDAV("param-filter")).count <= Self.maximumTests }) else {
                throw DAVRequestError.badRequest(
                    "A query may have at most \(Self.maximumTests) prop-filters, each with at most \(Self.maximumTests) text-matches and \(Self.maximumTests) param-filters.")
            }
            self.propFilters = try propFilters.map(PropFilter.init)
        }

        func matches(_ object: AddressObject, _ backend: some AddressBookBackend) -> Bool {
            if propFilters.isEmpty { return true }
            let properties = backend.queriedProperties(Set(propFilters.map(\.name)), in: object)
            let results = propFilters.lazy.map { $0.matches(properties[$0.name] ?? []) }
            return allOf ? results.allSatisfy { $0 } : results.contains(true)
        }
    }
}

/// The `test` attribute of a filter or prop-filter (RFC 6352 10.5): whether every test must hold.
func testIsAllOf(_ element: DAVXMLElement) throws -> Bool {
    switch element.attribute("test") ?? "anyof" {
    case "anyof": return false
    case "allof": return true
    default: throw DAVRequestError.badRequest("test must be anyof or allof.")
    }
}

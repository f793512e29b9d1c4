import Foundation

/// addressbook-query (RFC 6352 section 8.6): filters every card by its property values.
enum AddressBookQuery {
    static func handle(_ context: RequestContext, _ root: DAVXMLElement,
                       _ backend: some AddressBookBackend) async throws -> DAVResponse {
        let (request, subset) = try Reports.properties(in: root)
        // A query without a filter element lists every card, as sabre/dav does.
        let filter = try root.child(.cardDAV("filter")).map(Filter.init) ?? Filter(allOf: false, propFilters: [])
        let clientLimit = try Reports.limit(in: root, namespace: DAVNamespace.cardDAV)
        let limit = min(clientLimit ?? Int.max, context.configuration.maxQueryResults)
        // RFC 6352 8.6: Depth 0 applies the query to the address book itself, which is no card.
        // A missing Depth (the RFC requires one) is taken as infinity, every card, as Radicale
        // does: a client that leaves it out wants the cards, not sabre/dav's 403.
        if try queriesTheBookItself(depth: context.request.header("Depth")) { return MultistatusWriter.bytes([]) }

        var properties = context.propertyContext()
        properties.addressDataProperties = subset
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

        /// The most prop-filters, and text-matches in each, a query may have: every one is tried
        /// on every card, and clients send a handful.
        static let maximumTests = 16

        init(_ element: DAVXMLElement) throws {
            allOf = try testIsAllOf(element)
            let propFilters = element.children(.cardDAV("prop-filter"))
            guard propFilters.count <= Self.maximumTests,
                  propFilters.allSatisfy({ $0.children(.cardDAV("text-match")).count <= Self.maximumTests }) else {
                throw DAVRequestError.badRequest(
                    "A query may have at most \(Self.maximumTests) prop-filters, each with at most \(Self.maximumTests) text-matches.")
            }
            self.propFilters = try propFilters.map(PropFilter.init)
        }

        func matches(_ object: AddressObject, _ backend: some AddressBookBackend) -> Bool {
            if propFilters.isEmpty { return true }
            let values = backend.propertyValues(Set(propFilters.map(\.name)), in: object)
            let results = propFilters.lazy.map { $0.matches(values[$0.name] ?? []) }
            return allOf ? results.allSatisfy { $0 } : results.contains(true)
        }
    }

    struct PropFilter {
        var name: String
        var allOf: Bool
        var isNotDefined: Bool
        var textMatches: [TextMatch]

        init(_ element: DAVXMLElement) throws {
            guard let name = element.attribute("name")?.trimmingSpaces, !name.isEmpty else {
                throw DAVRequestError.badRequest("A prop-filter needs a name.")
            }
            guard element.child(.cardDAV("param-filter")) == nil else {
                throw DAVRequestError.precondition(403, "<C:supported-filter><C:param-filter/></C:supported-filter>",
                                                   "Filtering on vCard parameters is not supported.")
            }
            self.name = name.uppercased()
            allOf = try testIsAllOf(element)
            isNotDefined = element.child(.cardDAV("is-not-defined")) != nil
            textMatches = try element.children(.cardDAV("text-match")).map(TextMatch.init)
        }

        func matches(_ values: [String]) -> Bool {
            if isNotDefined { return values.isEmpty }
            if textMatches.isEmpty { return !values.isEmpty }
            let results = textMatches.lazy.map { match in values.contains { match.matches($0) } }
            return allOf ? results.allSatisfy { $0 } : results.contains(true)
        }
    }

    struct TextMatch {
        enum MatchType: String { case equals, contains, startsWith = "starts-with", endsWith = "ends-with" }
        enum Collation: String { case unicodeCasemap = "i;unicode-casemap", asciiCasemap = "i;ascii-casemap", octet = "i;octet" }

        /// UTF-8 bytes, folded (see `Collation.fold`).
        var needle: [UInt8]
        var matchType: MatchType
        var collation: Collation
        var negate: Bool

        init(_ element: DAVXMLElement) throws {
            guard let matchType = MatchType(rawValue: element.attribute("match-type") ?? "contains") else {
                throw DAVRequestError.badRequest("Unknown match-type.")
            }
            guard let collation = Collation(rawValue: element.attribute("collation") ?? "i;unicode-casemap") else {
                throw DAVRequestError.precondition(403, "<C:supported-collation/>",
                                                   "Supported collations: i;unicode-casemap, i;ascii-casemap, i;octet.")
            }
            switch element.attribute("negate-condition") ?? "no" {
            case "yes": negate = true
            case "no": negate = false
            default: throw DAVRequestError.badRequest("negate-condition must be yes or no.")
            }
            self.matchType = matchType
            self.collation = collation
            needle = collation.fold(element.text)
        }

        func matches(_ value: String) -> Bool {
            let haystack = collation.fold(value)
            let found: Bool
            switch matchType {
            case .equals: found = haystack == needle
            case .contains: found = haystack.firstRange(of: needle) != nil
            case .startsWith: found = haystack.starts(with: needle)
            case .endsWith: found = haystack.reversed().starts(with: needle.reversed())
            }
            return found != negate
        }
    }
}

extension AddressBookQuery.TextMatch.Collation {
    /// Folds a string into UTF-8 bytes that plain comparison of bytes matches as the collation
    /// does. Swift's String comparison would not do: it compares whole characters, so "zoe"
    /// would not start "Zoë" decomposed (RFC 4790 matches code points), and canonically
    /// equivalent strings would be equal under `i;octet`. A match of bytes of valid UTF-8 always
    /// starts and ends at whole code points.
    func fold(_ text: String) -> [UInt8] {
        switch self {
        case .unicodeCasemap:
            // RFC 5051: case fold, then compatibility decomposition.
            return Array(text.folding(options: [.caseInsensitive], locale: nil).decomposedStringWithCompatibilityMapping.utf8)
        case .asciiCasemap:
            return text.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }
        case .octet:
            return Array(text.utf8)
        }
    }
}

private func testIsAllOf(_ element: DAVXMLElement) throws -> Bool {
    switch element.attribute("test") ?? "anyof" {
    case "anyof": return false
    case "allof": return true
    default: throw DAVRequestError.badRequest("test must be anyof or allof.")
    }
}

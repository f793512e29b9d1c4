/// REPORT: addressbook-multiget, addressbook-query and sync-collection on the address book;
/// addressbook-multiget on a card too (RFC 6352 8.7), where it answers the hrefs it names.
enum Reports {
    static let batchSize = 100

    static func handle(_ context: RequestContext, _ backend: some AddressBookBackend) async throws -> DAVResponse {
        let root = try context.readXML()
        if case .card = context.resource, root.name == .cardDAV("addressbook-multiget") {
            return try await multiget(context, root, backend)
        }
        guard context.resource == .addressBook else {
            throw DAVRequestError.precondition(403, "<D:supported-report/>",
                                               "Reports are answered on the address book collection (a multiget on a card too).")
        }
        switch root.name {
        case .cardDAV("addressbook-multiget"): return try await multiget(context, root, backend)
        case .cardDAV("addressbook-query"): return try await AddressBookQuery.handle(context, root, backend)
        case .dav("sync-collection"): return try await SyncCollection.handle(context, root, backend)
        default:
            throw DAVRequestError.precondition(403, "<D:supported-report/>",
                                               "Only addressbook-multiget, addressbook-query and sync-collection are supported.")
        }
    }

    /// The properties a report asks for, and what `C:address-data` asks of each card; checks that
    /// address-data asks for something we can give.
    static func properties(in root: DAVXMLElement) throws -> (PropertyRequest, AddressDataRequest) {
        let request = try Properties.request(in: root) ?? .props([Properties.getETag])
        var wanted = AddressDataRequest()
        if let prop = root.child(.dav("prop")), let addressData = prop.child(Properties.addressData) {
            let type = addressData.attribute("content-type")?.lowercased() ?? "text/vcard"
            let version = addressData.attribute("version") ?? "3.0"
            guard type == "text/vcard", version == "3.0" || version == "4.0" else {
                throw DAVRequestError.precondition(403, "<C:supported-address-data/>",
                                                   "Only text/vcard 3.0 and 4.0 are supported.")
            }
            if version == "4.0" { wanted.version = .version4 }
            let names = addressData.children(.cardDAV("prop")).compactMap { $0.attribute("name")?.trimmingSpaces.uppercased() }
            if !names.isEmpty, addressData.attribute("allprop") != "yes" { wanted.properties = Set(names) }
        }
        return (request, wanted)
    }

    /// Whether answering needs the card data, not just the summary.
    static func needsCards(_ request: PropertyRequest) -> Bool {
        switch request {
        case .props(let names): return names.contains(Properties.addressData) || names.contains(Properties.getContentLength)
        case .allprop: return true
        case .propname: return false
        }
    }

    static func multiget(_ context: RequestContext, _ root: DAVXMLElement,
                         _ backend: some AddressBookBackend) async throws -> DAVResponse {
        let (request, addressData) = try properties(in: root)
        var wanted: [(href: String, name: String?)] = []
        // Each card once, however its href is spelled (absolute, percent-encoded or not), and by
        // the bytes of its href (RFC 3986): `String` equality takes two spellings of `é` for one,
        // and clients name cards in either. A card is answered by the href listings and syncs
        // give it, not as sent: Thunderbird keeps the href of the answer as the card's and finds
        // the card by it in the next sync (sabre/dav and Radicale answer the same way).
        var seen: Set<[UInt8]> = []
        for element in root.children(.dav("href")) {
            let sent = element.text.trimmingSpaces
            var entry: (href: String, name: String?) = (sent, nil)
            // RFC 4918 8.3: an href may be relative to the Request-URI, the address book or a card in it.
            let absolute = isRelativeReference(sent) ? context.paths.href(.addressBook) + sent : sent
            if case .success(.card(let name)) = context.paths.resource(for: absolute) {
                entry = (context.paths.href(.card(name)), name)
            }
            guard seen.insert(Array(entry.href.utf8)).inserted else { continue }
            wanted.append(entry)
        }
        guard !wanted.isEmpty else { throw DAVRequestError.badRequest("The multiget names no href.") }

        var properties = context.propertyContext()
        properties.addressData = addressData
        let frozen = properties
        let batches = stride(from: 0, to: wanted.count, by: batchSize).map {
            Array(wanted[$0..<min($0 + batchSize, wanted.count)])
        }
        // The first batch is read before answering, so that an unavailable backend gets a proper status.
        let firstNames = batches.first?.compactMap(\.name) ?? []
        let first = try await backend.objects(named: firstNames)
        return MultistatusWriter.response { out in
            for (index, batch) in batches.enumerated() {
                let objects = index == 0 ? first : try await backend.objects(named: batch.compactMap(\.name))
                let byName = Dictionary(objects.map { (Array($0.name.utf8), $0) }, uniquingKeysWith: { a, _ in a })
                for entry in batch {
                    if let name = entry.name, let object = byName[Array(name.utf8)] {
                        try await out.appendResponse(href: entry.href, request: request,
                                                     target: .object(object), context: frozen)
                    } else {
                        try await out.append(statusResponse(href: entry.href, status: 404))
                    }
                }
            }
        }
    }

    /// A relative-path reference (RFC 3986 4.2): neither a path from the root nor a URL with a scheme.
    static func isRelativeReference(_ href: String) -> Bool {
        guard let first = href.utf8.first, first != UInt8(ascii: "/") else { return false }
        let beforeSlash = href.utf8.prefix { $0 != UInt8(ascii: "/") }
        return !beforeSlash.contains(UInt8(ascii: ":"))
    }

    /// `D:limit/D:nresults` (sync-collection) or `C:limit/C:nresults` (addressbook-query).
    static func limit(in root: DAVXMLElement, namespace: String) throws -> Int? {
        guard let limit = root.child(XMLName(namespace, "limit")) else { return nil }
        guard let text = limit.child(XMLName(namespace, "nresults"))?.text.trimmingSpaces,
              !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), text.contains(where: { $0 != "0" }) else {
            throw DAVRequestError.badRequest("nresults must be a positive number.")
        }
        // A limit beyond any count is no limit (the server may answer fewer anyway, RFC 6578 3.7).
        return Int(text) ?? Int.max
    }
}

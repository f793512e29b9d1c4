/// GET, HEAD, PUT and DELETE: reading and writing one card.
enum CardAccess {
    /// Media types clients use for vCards; anything else that is clearly not a vCard is refused.
    static let acceptedTypes: Set<String> = [
        "text/vcard", "text/x-vcard", "text/directory", "text/plain", "application/octet-stream",
        "application/vcard", "application/x-vcard",
    ]

    static func get(_ context: RequestContext, _ backend: some AddressBookBackend, head: Bool) async throws -> DAVResponse {
        guard case .card(let name) = context.resource else {
            let text = Array("This is a CardDAV address book. Add it to a contacts app with this server's address.\n".utf8)
            return DAVResponse(status: 200, headers: [("Content-Type", "text/plain; charset=utf-8"),
                                                      ("Content-Length", String(text.count))],
                               body: head ? .empty : .bytes(text))
        }
        guard let object = try await backend.object(named: name) else {
            return .text(404, "There is no such card.")
        }
        // The version served depends on `Accept` (`ServedVersion`). Both versions carry the card's
        // one entity tag, which `If-Match` on a PUT compares, as sabre/dav's do.
        var headers: [(name: String, value: String)] = [("ETag", object.etag), ("Vary", "Accept")]
        // RFC 9110 13.2.2: If-Match first, compared strongly.
        if case .tags(let tags)? = try Preconditions.parse(context.request.header("If-Match")),
           !tags.contains(where: { !$0.hasPrefix("W/") && $0 == object.etag }) {
            return .text(412, "The card is not as the request's If-Match expects; read it again.")
        }
        if let tags = try Preconditions.parse(context.request.header("If-None-Match")) {
            if tags == .any || Preconditions.weakMatch(tagsOf(tags), object.etag) {
                return DAVResponse(status: 304, headers: headers)
            }
        }
        let card = ServedVersion.accepting(context.request.header("Accept")).bytes(of: object.card)
        headers = [("Content-Type", ServedVersion.contentType(of: card)), ("Content-Length", String(card.count))] + headers
        return DAVResponse(status: 200, headers: headers, body: head ? .empty : .bytes(card))
    }

    static func put(_ context: RequestContext, _ backend: some AddressBookBackend) async throws -> DAVResponse {
        guard case .card(let name) = context.resource else {
            return .methodNotAllowed(CardDAVHandler.allowedMethods(for: context.resource),
                                     "Cards are created by PUT to a name inside the address book.")
        }
        let request = context.request
        if let type = request.header("Content-Type") {
            let mediaType = type.split(separator: ";").first.map { String($0).trimmingSpaces.lowercased() } ?? ""
            guard acceptedTypes.contains(mediaType) else {
                throw DAVRequestError.precondition(415, "<C:supported-address-data/>",
                                                   "Cards must be sent as text/vcard, not \(mediaType).")
            }
        }
        let limit = context.configuration.maxResourceSize
        if let length = request.header("Content-Length").flatMap({ Int($0.trimmingSpaces) }), length > limit {
            throw AddressBookBackendError.tooLarge(limit: limit)
        }
        guard request.body.count <= limit else { throw AddressBookBackendError.tooLarge(limit: limit) }
        guard !request.body.isEmpty else {
            throw AddressBookBackendError.invalidCard("The request has no vCard in its body.")
        }
        let card = try DeclaredCharset.utf8Body(request.body, contentType: request.header("Content-Type"))
        let (precondition, noneMatch) = try Preconditions.write(request)
        if !noneMatch.isEmpty, let current = try await backend.object(named: name),
           Preconditions.weakMatch(noneMatch, current.etag) {
            throw AddressBookBackendError.preconditionFailed
        }
        let outcome = try await backend.put(name: name, card: card, precondition: precondition)
        var headers: [(name: String, value: String)] = []
        // Read in another charset, or served in another version, the card the client gets is not
        // the bytes it sent: it must fetch it.
        if outcome.storedExactly && card == request.body && ServedVersion.version3.bytes(of: card) == card {
            headers.append(("ETag", outcome.etag))
        }
        if outcome.created { headers.append(("Location", context.href)) }
        return DAVResponse(status: outcome.created ? 201 : 204, headers: headers)
    }

    static func delete(_ context: RequestContext, _ backend: some AddressBookBackend) async throws -> DAVResponse {
        guard case .card(let name) = context.resource else {
            return .methodNotAllowed(CardDAVHandler.allowedMethods(for: context.resource),
                                     "Only cards can be deleted; the address book itself stays.")
        }
        let (precondition, noneMatch) = try Preconditions.write(context.request)
        if !noneMatch.isEmpty || precondition.needsAnObject {
            // RFC 9110 13.2.1: conditions are ignored when the answer without them would be neither
            // a success nor 412, so a card that is not there is a 404 whatever If-Match says.
            guard let current = try await backend.object(named: name) else { throw AddressBookBackendError.notFound }
            if Preconditions.weakMatch(noneMatch, current.etag) { throw AddressBookBackendError.preconditionFailed }
        }
        try await backend.delete(name: name, precondition: precondition)
        return DAVResponse(status: 204)
    }

    private static func tagsOf(_ list: Preconditions.ETagList) -> [String] {
        if case .tags(let tags) = list { return tags }
        return []
    }
}

/// Reads `If-Match` and `If-None-Match` (RFC 9110 section 13.1).
enum Preconditions {
    enum ETagList: Equatable {
        case any
        case tags([String])
    }

    /// `*` or a comma-separated list of entity tags, each kept exactly as sent (with quotes, and `W/`).
    static func parse(_ header: String?) throws -> ETagList? {
        guard let header else { return nil }
        let trimmed = header.trimmingSpaces
        if trimmed == "*" { return .any }
        var tags: [String] = []
        var current = ""
        var inQuotes = false
        for character in trimmed {
            if character == "\"" { inQuotes.toggle() }
            if character == "," && !inQuotes {
                tags.append(current.trimmingSpaces)
                current = ""
            } else {
                current.append(character)
            }
        }
        tags.append(current.trimmingSpaces)
        tags.removeAll { $0.isEmpty }
        let valid = tags.allSatisfy { tag in
            let opaque = tag.hasPrefix("W/") ? tag.dropFirst(2) : Substring(tag)
            return opaque.count >= 2 && opaque.first == "\"" && opaque.last == "\""
                && !opaque.dropFirst().dropLast().contains("\"")
        }
        guard valid, !tags.isEmpty, !inQuotes else {
            throw DAVRequestError.badRequest("If-Match and If-None-Match take * or quoted entity tags.")
        }
        return .tags(tags)
    }

    /// The write precondition of a PUT or DELETE. If-None-Match with tags (not `*`) is returned
    /// separately: the backend has no such case, so the handler checks it against the current card.
    static func write(_ request: DAVRequest) throws -> (DAVWritePrecondition, noneMatch: [String]) {
        let ifMatch = try parse(request.header("If-Match"))
        let ifNoneMatch = try parse(request.header("If-None-Match"))
        switch (ifMatch, ifNoneMatch) {
        case (.any?, _):
            return (.mustExist, noneMatch(ifNoneMatch))
        case (.tags(let tags)?, _):
            return (.etagMatches(tags), noneMatch(ifNoneMatch))
        case (nil, .any?):
            return (.mustNotExist, [])
        case (nil, .tags(let tags)?):
            return (.none, tags)
        case (nil, nil):
            return (.none, [])
        }
    }

    private static func noneMatch(_ list: ETagList?) -> [String] {
        if case .tags(let tags)? = list { return tags }
        return []
    }

    /// Weak comparison, as If-None-Match uses.
    static func weakMatch(_ tags: [String], _ etag: String) -> Bool {
        let strip = { (tag: String) in tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag }
        return tags.contains { strip($0) == strip(etag) }
    }
}

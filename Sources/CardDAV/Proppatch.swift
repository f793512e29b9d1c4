/// PROPPATCH (RFC 4918 9.2): the address book's `displayname` can be set and removed; every
/// other property is refused with 403. The instructions are carried out all or none: when one
/// fails, the others are answered 424 Failed Dependency and nothing is kept.
enum Proppatch {
    static func handle(_ context: RequestContext, _ backend: some AddressBookBackend) async throws -> DAVResponse {
        let root = try context.readXML()
        guard root.name == .dav("propertyupdate") else {
            throw DAVRequestError.badRequest("A PROPPATCH body must be a DAV: propertyupdate element.")
        }
        var instructions: [(property: DAVXMLElement, removes: Bool)] = []
        for update in root.children where update.name == .dav("set") || update.name == .dav("remove") {
            for prop in update.children(.dav("prop")) {
                for property in prop.children { instructions.append((property, update.name == .dav("remove"))) }
            }
        }
        guard !instructions.isEmpty else { throw DAVRequestError.badRequest("The propertyupdate names no property.") }
        if case .card(let name) = context.resource, try await backend.object(named: name) == nil {
            return .text(404, "There is no such card.")
        }

        var outcomes = Outcomes()
        // nil: the name stays as it is; .some(nil): back to the default.
        var newName: String??
        for (property, removes) in instructions {
            guard property.name == Properties.displayName, context.resource == .addressBook else {
                outcomes.record(property.name, .forbidden)
                continue
            }
            if removes {
                newName = .some(nil)
                outcomes.record(property.name, .changed)
                continue
            }
            switch DisplayNameRule.name(in: property) {
            case .success(let name):
                newName = .some(name)
                outcomes.record(property.name, .changed)
            case .failure(let refusal):
                outcomes.record(property.name, .conflict(refusal.message))
            }
        }
        if !outcomes.anyFailed, let newName { try await backend.setDisplayName(newName) }
        return MultistatusWriter.bytes([outcomes.response(href: context.href)])
    }

    enum Outcome: Equatable {
        case changed
        case forbidden
        case conflict(String)
    }

    /// Each property's outcome, in the order the request first named them; a property named
    /// twice keeps a failure.
    struct Outcomes {
        private var entries: [(name: XMLName, outcome: Outcome)] = []

        var anyFailed: Bool { entries.contains { $0.outcome != .changed } }

        mutating func record(_ name: XMLName, _ outcome: Outcome) {
            guard let index = entries.firstIndex(where: { $0.name == name }) else {
                entries.append((name, outcome))
                return
            }
            if entries[index].outcome == .changed { entries[index].outcome = outcome }
        }

        func response(href: String) -> String {
            var propstats: [(status: Int, names: [XMLName], description: String?)] = []
            func add(_ status: Int, _ name: XMLName, _ description: String?) {
                if let index = propstats.firstIndex(where: { $0.status == status && $0.description == description }) {
                    propstats[index].names.append(name)
                } else {
                    propstats.append((status, [name], description))
                }
            }
            for (name, outcome) in entries {
                switch outcome {
                case .changed where anyFailed:
                    add(424, name, "Not changed, because another property of the request could not be.")
                case .changed: add(200, name, nil)
                case .forbidden: add(403, name, "These properties cannot be changed.")
                case .conflict(let message): add(409, name, message)
                }
            }
            var xml = "<D:response><D:href>\(escapeXML(href))</D:href>"
            for propstat in propstats.sorted(by: { $0.status < $1.status }) {
                xml += "<D:propstat><D:prop>" + propstat.names.map(\.emptyElement).joined()
                    + "</D:prop><D:status>\(statusLine(propstat.status))</D:status>"
                if let description = propstat.description {
                    xml += "<D:responsedescription>\(escapeXML(description))</D:responsedescription>"
                }
                xml += "</D:propstat>"
            }
            return xml + "</D:response>\n"
        }
    }
}

// The property catalogue: which properties each resource has, and their values.

/// What a PROPFIND or REPORT asked for.
enum PropertyRequest: Sendable {
    case allprop(include: [XMLName])
    case propname
    case props([XMLName])

    func asks(for name: XMLName) -> Bool {
        switch self {
        case .allprop(let include): return Properties.allprop.contains(name) || include.contains(name)
        case .propname: return false
        case .props(let names): return names.contains(name)
        }
    }
}

/// What a property can be read from.
enum PropertyTarget: Sendable {
    case resource(DAVResource)
    case summary(AddressObjectSummary)
    case object(AddressObject)
}

/// Values fetched from the backend before answering, only when asked for.
struct PropertyContext: Sendable {
    var paths: DAVPaths
    var configuration: CardDAVConfiguration
    var displayName: String?
    /// As sent: `SyncToken.format` of the backend's token and epoch.
    var syncToken: String?
    /// `Prefer: return=minimal` (RFC 8144) or `Brief: t`: leave out the 404 propstats.
    var minimal = false
    var addressData = AddressDataRequest()

    /// The address book's name as clients see it: the configuration's default until one is given.
    var shownName: String {
        let name = displayName ?? ""
        return name.isEmpty ? configuration.defaultDisplayName : name
    }
}

/// What `C:address-data` asks of each card (RFC 6352 10.4).
struct AddressDataRequest: Sendable {
    /// The vCard properties it names with `C:prop`; nil for the whole card.
    var properties: Set<String>?
    var version = ServedVersion.version3
}

enum Properties {
    static let resourceType = XMLName.dav("resourcetype")
    static let displayName = XMLName.dav("displayname")
    static let getETag = XMLName.dav("getetag")
    static let getContentType = XMLName.dav("getcontenttype")
    static let getContentLength = XMLName.dav("getcontentlength")
    static let currentUserPrincipal = XMLName.dav("current-user-principal")
    static let principalURL = XMLName.dav("principal-URL")
    static let principalCollectionSet = XMLName.dav("principal-collection-set")
    static let owner = XMLName.dav("owner")
    static let syncToken = XMLName.dav("sync-token")
    static let supportedReportSet = XMLName.dav("supported-report-set")
    static let currentUserPrivilegeSet = XMLName.dav("current-user-privilege-set")
    static let getCTag = XMLName.calendarServer("getctag")
    static let addressBookHomeSet = XMLName.cardDAV("addressbook-home-set")
    static let addressBookDescription = XMLName.cardDAV("addressbook-description")
    static let supportedAddressData = XMLName.cardDAV("supported-address-data")
    static let maxResourceSize = XMLName.cardDAV("max-resource-size")
    static let addressData = XMLName.cardDAV("address-data")

    /// The live properties RFC 4918 returns for allprop (RFC 6578 forbids the sync token there).
    static let allprop: [XMLName] = [resourceType, displayName, getETag, getContentType, getContentLength]

    static let all: [XMLName] = [
        resourceType, displayName, getETag, getContentType, getContentLength, currentUserPrincipal,
        principalURL, principalCollectionSet, owner, syncToken, supportedReportSet,
        currentUserPrivilegeSet, getCTag, addressBookHomeSet, addressBookDescription,
        supportedAddressData, maxResourceSize, addressData,
    ]

    /// Whether answering needs the display name or the sync token from the backend (the CTag
    /// needs both).
    static func needsDisplayName(_ request: PropertyRequest) -> Bool {
        if case .propname = request { return false }
        return request.asks(for: displayName) || request.asks(for: getCTag)
    }

    static func needsSyncToken(_ request: PropertyRequest) -> Bool {
        request.asks(for: syncToken) || request.asks(for: getCTag)
    }

    /// The names a target has, for propname.
    static func names(of target: PropertyTarget, context: PropertyContext) -> [XMLName] {
        all.filter { value($0, of: target, context: context, forNames: true) != nil }
    }

    /// The value of a property, or nil when the target does not have it.
    static func value(_ name: XMLName, of target: PropertyTarget, context: PropertyContext,
                      forNames: Bool = false) -> PropertyValue? {
        let paths = context.paths
        let href = { (path: String) in PropertyValue.markup("<D:href>\(escapeXML(path))</D:href>") }
        let resource: DAVResource
        switch target {
        case .resource(let r): resource = r
        case .summary, .object: resource = .card("")
        }
        let isBook = resource == .addressBook
        let isCard = !resource.isCollection

        switch name {
        case resourceType:
            switch resource {
            case .addressBook: return .markup("<D:collection/><C:addressbook/>")
            case .principal: return .markup("<D:principal/>")
            case .card: return .markup("")
            default: return .markup("<D:collection/>")
            }
        case displayName:
            switch resource {
            case .principal: return .text(paths.principal)
            case .home: return .text("Address books")
            case .addressBook:
                if forNames { return .text("") }
                return .text(context.shownName)
            default: return nil
            }
        case getETag:
            switch target {
            case .summary(let s): return .text(s.etag)
            case .object(let o): return .text(o.etag)
            case .resource: return nil
            }
        case getContentType:
            return isCard ? .text(ServedVersion.contentType) : nil
        case getContentLength:
            // Of the card a GET without `Accept` answers.
            if case .object(let o) = target { return .text(String(ServedVersion.version3.bytes(of: o.card).count)) }
            return nil
        case currentUserPrincipal:
            return href(paths.principalHref)
        case principalURL:
            return resource == .principal ? href(paths.principalHref) : nil
        case principalCollectionSet:
            return isCard ? nil : href(paths.href(.principals))
        case owner:
            switch resource {
            case .home, .addressBook, .card, .principal: return href(paths.principalHref)
            default: return nil
            }
        case addressBookHomeSet:
            switch resource {
            case .root, .wellKnown, .davRoot, .principal: return href(paths.homeHref)
            default: return nil
            }
        case syncToken:
            guard isBook else { return nil }
            if forNames { return .text("") }
            return context.syncToken.map { .text($0) }
        case getCTag:
            guard isBook else { return nil }
            if forNames { return .text("") }
            return context.syncToken.map {
                .text(CTag.format(syncToken: $0, shownName: context.shownName,
                                  defaultName: context.configuration.defaultDisplayName))
            }
        case supportedReportSet:
            guard isBook else { return isCard ? nil : .markup("") }
            return .markup(["C:addressbook-multiget", "C:addressbook-query", "D:sync-collection"]
                .map { "<D:supported-report><D:report><\($0)/></D:report></D:supported-report>" }
                .joined())
        case currentUserPrivilegeSet:
            let privileges: [String]
            switch resource {
            case .addressBook:
                privileges = ["read", "write", "write-content", "bind", "unbind", "read-current-user-privilege-set"]
            case .card:
                privileges = ["read", "write", "write-content", "read-current-user-privilege-set"]
            default:
                privileges = ["read", "read-current-user-privilege-set"]
            }
            return .markup(privileges.map { "<D:privilege><D:\($0)/></D:privilege>" }.joined())
        case addressBookDescription:
            guard isBook, let description = context.configuration.addressBookDescription else { return nil }
            return .text(description)
        case supportedAddressData:
            // Only 3.0, the version every contact app reads and cards are served in unless 4.0 is
            // asked for (`ServedVersion`): DAVx5 would write 4.0 and ask for it if 4.0 were listed,
            // and every other client would then be served its cards converted.
            guard isBook else { return nil }
            return .markup(#"<C:address-data-type content-type="text/vcard" version="3.0"/>"#)
        case maxResourceSize:
            return isBook ? .text(String(context.configuration.maxResourceSize)) : nil
        case addressData:
            // Only REPORTs return card data; PROPFIND answers it as not found.
            guard case .object(let o) = target else { return nil }
            let card = context.addressData.version.bytes(of: o.card)
            let wanted = context.addressData.properties.map { VCardSubset.keep($0, of: card) } ?? card
            return .text(String(decoding: wanted, as: UTF8.self))
        default:
            return nil
        }
    }

    /// One `D:response` with the 200 propstat first (some clients read only the first) and 404 after.
    static func response(href: String, request: PropertyRequest, target: PropertyTarget,
                         context: PropertyContext) -> String {
        var bytes: [UInt8] = []
        write(href: href, request: request, target: target, context: context, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `response(href:request:target:context:)` as bytes at the end of `bytes`: a listing
    /// writes one for every card, straight into the body (building strings was a third of it).
    static func write(href: String, request: PropertyRequest, target: PropertyTarget,
                      context: PropertyContext, into bytes: inout [UInt8]) {
        bytes += "<D:response><D:href>".utf8
        appendEscapedXML(href, to: &bytes)
        bytes += "</D:href>".utf8
        // The 200 propstat is written as the values are found, and taken back when it stays empty
        // while some property is missing.
        let propstatStart = bytes.count
        bytes += "<D:propstat><D:prop>".utf8
        let foundStart = bytes.count
        var missing: [XMLName] = []
        switch request {
        case .propname:
            for name in names(of: target, context: context) { name.write(.markup(""), into: &bytes) }
        case .allprop(let include):
            for name in allprop + include.filter({ !allprop.contains($0) }) {
                if let value = value(name, of: target, context: context) {
                    name.write(value, into: &bytes)
                } else if include.contains(name) {
                    missing.append(name)
                }
            }
        case .props(let names):
            for name in names {
                if let value = value(name, of: target, context: context) {
                    name.write(value, into: &bytes)
                } else {
                    missing.append(name)
                }
            }
        }
        if context.minimal { missing = [] }
        if bytes.count == foundStart && !missing.isEmpty {
            bytes.removeSubrange(propstatStart...)
        } else {
            bytes += "</D:prop><D:status>\(statusLine(200))</D:status></D:propstat>".utf8
        }
        if !missing.isEmpty {
            bytes += "<D:propstat><D:prop>".utf8
            for name in missing { name.write(.markup(""), into: &bytes) }
            bytes += "</D:prop><D:status>\(statusLine(404))</D:status></D:propstat>".utf8
        }
        bytes += "</D:response>\n".utf8
    }

    /// The most properties one request may name: clients ask for a few dozen at most, and each
    /// is answered for every card listed.
    static let maximumRequested = 200
    /// The most bytes the names of one request's properties, with their namespaces, may take in
    /// all: an unknown one is answered by name for every card, so a name of megabytes would be
    /// sent back megabytes at a time.
    static let maximumNameBytes = 16 << 10

    /// Reads the `D:prop` children (or allprop/propname) of a PROPFIND or REPORT body.
    static func request(in element: DAVXMLElement) throws -> PropertyRequest? {
        if element.child(.dav("propname")) != nil { return .propname }
        if element.child(.dav("allprop")) != nil {
            return .allprop(include: try distinct(element.child(.dav("include"))?.children.map(\.name) ?? []))
        }
        if let prop = element.child(.dav("prop")) {
            return .props(try distinct(prop.children.map(\.name)))
        }
        return nil
    }

    private static func distinct(_ names: [XMLName]) throws -> [XMLName] {
        var seen = Set<XMLName>()
        let names = names.filter { seen.insert($0).inserted }
        guard names.count <= maximumRequested else {
            throw DAVRequestError.badRequest("A request may name at most \(maximumRequested) properties.")
        }
        guard names.reduce(0, { $0 + $1.namespace.utf8.count + $1.local.utf8.count }) <= maximumNameBytes else {
            throw DAVRequestError.badRequest("The names of the properties a request asks for may take at most \(maximumNameBytes >> 10) KiB in all.")
        }
        return names
    }
}

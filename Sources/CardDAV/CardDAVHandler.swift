/// Answers CardDAV requests (RFC 6352, sync-collection from RFC 6578, the WebDAV of RFC 4918 they
/// need) for the one address book of an authenticated principal P:
///
///     /                                  PROPFIND and OPTIONS only: current-user-principal
///     /.well-known/carddav               PROPFIND answered in place, with or without a final slash
///                                        (iOS gives up on a redirect there); other methods get 301
///                                        to /dav/
///     /dav/principals/P/                 the principal
///     /dav/addressbooks/P/               the address book home
///     /dav/addressbooks/P/friends/       the address book
///     /dav/addressbooks/P/friends/NAME   a card, NAME as the client chose it
///
/// The server limits how much of a request body it reads; this handler then refuses XML bodies
/// over `maxRequestBodySize` and cards over `maxResourceSize`. HEAD answers carry the
/// Content-Length of the GET body, with an empty body.
public struct CardDAVHandler: Sendable {
    public let configuration: CardDAVConfiguration
    /// Told of every failure answered with 500 (a bug, or a backend error it does not map), with
    /// the request's method and path: the answer says only that the failure is logged.
    public let unexpectedFailure: @Sendable (_ method: String, _ path: String, _ error: any Error) -> Void

    public init(
        configuration: CardDAVConfiguration = CardDAVConfiguration(),
        unexpectedFailure: @escaping @Sendable (_ method: String, _ path: String, _ error: any Error) -> Void = { _, _, _ in }
    ) {
        self.configuration = configuration
        self.unexpectedFailure = unexpectedFailure
    }

    /// Whether a request belongs to this handler: `/` only for PROPFIND and OPTIONS (discovery),
    /// `/.well-known/carddav`, and everything under `/dav`.
    public static func handles(path: String, method: String) -> Bool {
        let path = DAVPaths.collapsingSlashes(
            path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? path)
        switch path {
        case "/":
            return ["PROPFIND", "OPTIONS"].contains(method.uppercased())
        case DAVPaths.wellKnownPath, DAVPaths.wellKnownPath + "/", "/dav":
            return true
        default:
            return path.hasPrefix("/dav/")
        }
    }

    /// The answer to a request whose body was too large to read: for a `PUT`, RFC 6352's
    /// `max-resource-size`, which clients show as "the contact is too large"; otherwise a 413.
    public func answerToOversizedBody(method: String) -> DAVResponse {
        guard method.uppercased() == "PUT" else { return .text(413, "The request body is too large.") }
        return Self.response(for: .tooLarge(limit: configuration.maxResourceSize), paths: DAVPaths(principal: ""), retryAfter: 0)
    }

    /// The answer to a body that broke off, came with broken framing, or stopped arriving: the
    /// client's fault, and the connection cannot carry another request.
    public func answerToUnreadableBody(timedOut: Bool) -> DAVResponse {
        timedOut
            ? .text(408, "The request body did not arrive in time.", headers: [("Connection", "close")])
            : .text(400, "The request body could not be read: it broke off or its framing is broken.", headers: [("Connection", "close")])
    }

    /// Never throws: backend errors and malformed requests become statuses with explanatory bodies.
    public func handle(_ request: DAVRequest, principal: String, backend: some AddressBookBackend) async -> DAVResponse {
        let paths = DAVPaths(principal: principal)
        let resource: DAVResource
        switch paths.resource(for: request.path) {
        case .success(let r): resource = r
        case .failure(.badRequest(let message)): return .text(400, message)
        case .failure(.spelledInCapitals(let canonicalPath)):
            // 308 keeps the method and body: a PROPFIND or PUT is sent again as it was.
            return .text(308, "Names are written in lower case: this is \(canonicalPath).",
                         headers: [("Location", canonicalPath)])
        case .failure(.notFound):
            // DAVx5 and others offer to create an address book: say why not, rather than "not found".
            if ["MKCOL", "MKCALENDAR"].contains(request.method.uppercased()) {
                return .text(403, "New collections cannot be made here: each person has one address book, \(DAVPaths.addressBookSegment).")
            }
            return .text(404, "There is nothing here.")
        }
        let method = request.method.uppercased()
        let context = RequestContext(request: request, resource: resource, paths: paths,
                                     configuration: configuration)
        do {
            var response = try await dispatch(method, context, backend)
            if response.status == 207, method == "PROPFIND" || method == "REPORT" {
                response.headers.append(("Vary", "Brief, Prefer"))
                if context.prefersMinimal { response.headers.append(("Preference-Applied", "return=minimal")) }
            }
            return response
        } catch let error as AddressBookBackendError {
            return Self.response(for: error, paths: paths, retryAfter: configuration.retryAfterSeconds)
        } catch let error as XMLReadError {
            switch error {
            case .tooLarge: return .text(413, error.message)
            case .unsupportedEncoding: return .text(415, error.message)
            default: return .text(400, error.message)
            }
        } catch let error as DAVRequestError {
            return error.response
        } catch {
            unexpectedFailure(request.method, request.path, error)
            return .text(500, "The address book could not be read or changed; the failure is logged.")
        }
    }

    private func dispatch(_ method: String, _ context: RequestContext,
                          _ backend: some AddressBookBackend) async throws -> DAVResponse {
        let resource = context.resource
        switch resource {
        case .root where method != "PROPFIND" && method != "OPTIONS":
            return .methodNotAllowed(Self.allowedMethods(for: resource), "Only discovery is answered here.")
        case .wellKnown where method != "PROPFIND" && method != "OPTIONS":
            // Answering PROPFIND directly matters: iOS gives up on a redirect there.
            return DAVResponse(status: 301, headers: [("Location", "/dav/")])
        default:
            break
        }
        switch method {
        case "OPTIONS":
            return DAVResponse(status: 200, headers: [
                ("DAV", "1, 3, addressbook"),
                ("Allow", Self.allowedMethods(for: resource).joined(separator: ", ")),
                ("Content-Length", "0"),
            ])
        case "PROPFIND":
            return try await Propfind.handle(context, backend)
        case "PROPPATCH":
            return try await Proppatch.handle(context, backend)
        case "REPORT":
            return try await Reports.handle(context, backend)
        case "GET", "HEAD":
            return try await CardAccess.get(context, backend, head: method == "HEAD")
        case "PUT":
            return try await CardAccess.put(context, backend)
        case "DELETE":
            return try await CardAccess.delete(context, backend)
        default:
            let what = resource.isCollection ? "this collection" : "an address card"
            return .methodNotAllowed(Self.allowedMethods(for: resource), "\(method) is not supported on \(what).")
        }
    }

    static func allowedMethods(for resource: DAVResource) -> [String] {
        switch resource {
        case .root: return ["OPTIONS", "PROPFIND"]
        case .wellKnown: return ["OPTIONS", "PROPFIND", "GET", "HEAD"]
        case .card: return ["OPTIONS", "GET", "HEAD", "PUT", "DELETE", "PROPFIND", "PROPPATCH", "REPORT"]
        case .addressBook: return ["OPTIONS", "GET", "HEAD", "PROPFIND", "PROPPATCH", "REPORT"]
        default: return ["OPTIONS", "GET", "HEAD", "PROPFIND", "PROPPATCH"]
        }
    }

    static func response(for error: AddressBookBackendError, paths: DAVPaths, retryAfter: Int) -> DAVResponse {
        switch error {
        case .notFound:
            return .text(404, "There is no such card.")
        case .preconditionFailed:
            return .text(412, "The card is not as the request's If-Match or If-None-Match expects; read it again.")
        case .alreadyExists:
            return .text(412, "A card with this name already exists (If-None-Match).")
        case .invalidCard(let reason):
            return .error(403, precondition: "<C:valid-address-data/>", message: reason)
        case .uidConflict(let existingName):
            let href = escapeXML(paths.href(.card(existingName)))
            return .error(403, precondition: "<C:no-uid-conflict><D:href>\(href)</D:href></C:no-uid-conflict>",
                          message: "Another card already has this UID.")
        case .tooLarge(let limit):
            return .error(403, precondition: "<C:max-resource-size/>",
                          message: "A card may have at most \(limit) bytes.")
        case .forbidden(let reason):
            return .text(403, reason)
        case .unavailable(let reason):
            return .text(503, reason, headers: [("Retry-After", String(retryAfter))])
        }
    }
}

/// Everything a method handler needs besides the backend.
struct RequestContext: Sendable {
    var request: DAVRequest
    var resource: DAVResource
    var paths: DAVPaths
    var configuration: CardDAVConfiguration

    /// The href that names the resource asked for in the answer. The well-known URL keeps the
    /// form it was asked in, slash or not: clients look for the URL they sent among the responses.
    var href: String {
        if resource == .wellKnown, request.path.hasSuffix("/") {
            return DAVPaths.wellKnownPath + "/"
        }
        return paths.href(resource)
    }

    func readXML() throws -> DAVXMLElement {
        try XMLReader(maxBytes: configuration.maxRequestBodySize, maxDepth: configuration.maxXMLDepth)
            .read(request.body, contentTypeCharset: DeclaredCharset.charset(in: request.header("Content-Type")))
    }

    func propertyContext(displayName: String? = nil, syncToken: String? = nil) -> PropertyContext {
        PropertyContext(paths: paths, configuration: configuration, displayName: displayName, syncToken: syncToken,
                        minimal: prefersMinimal)
    }

    /// `return-minimal` is the form of an early draft of RFC 7240, which macOS and iOS still send.
    var prefersMinimal: Bool {
        let prefer = request.header("Prefer")?.lowercased() ?? ""
        return prefer.split(separator: ",").contains { preference in
            let preference = String(preference).trimmingSpaces
            return preference.hasPrefix("return=minimal") || preference.hasPrefix("return-minimal")
        }
            || request.header("Brief")?.trimmingSpaces.lowercased() == "t"
    }
}

/// A request the handler refuses, with the answer to give.
struct DAVRequestError: Error {
    var response: DAVResponse

    static func badRequest(_ message: String) -> DAVRequestError {
        DAVRequestError(response: .text(400, message))
    }

    static func precondition(_ status: Int, _ element: String, _ message: String) -> DAVRequestError {
        DAVRequestError(response: .error(status, precondition: element, message: message))
    }
}

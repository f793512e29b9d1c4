import Foundation
import FriendsAPI
import HTTPServerKit
import Hummingbird

/// What answers each endpoint of the route table `FriendsEndpoint`. The switch is exhaustive, so an
/// endpoint added to the table cannot be left unserved, and nothing is served that the table lacks.
///
/// The original iOS client's routes (`legacy…`) share the handlers: that client sends JSON with
/// `firstname`, `lastname` and `phonenumber`, accepts any 2xx, decodes `[Friend]` from `/listFriends`
/// and a `Friend` from `PATCH /editFriend/{id}`; its delete reads the body as JSON, so it gets the removed friend.
/// Their answers leave out the `version` the `/friends` routes add, so they stay byte for byte what they were.
struct EndpointResponders: Sendable {
    typealias Responder = @Sendable (Request, ConnectionRequestContext) async throws -> Response

    let handlers: FriendHandlers
    let cards: CardHandlers
    let changeEvents: ChangeEventsController
    let avatarCacheControl: String
    let openAPIDocument: ServedOpenAPIDocument
    let storageWatch: StorageWatch

    func responder(for endpoint: FriendsEndpoint) -> Responder {
        switch endpoint {
        case .listFriends:
            return { request, _ in
                VCardNegotiation.wantsVCard(request.headers) ? try cards.export(request) : try await handlers.list(request)
            }
        case .importFriends:
            return { request, _ in try await cards.importCards(request) }
        case .createFriend:
            return { request, _ in try await handlers.create(request) }
        case .legacyAddFriend:
            return { request, _ in try await handlers.create(request, withVersion: false) }
        case .getFriend:
            return { request, context in
                let id = try FriendHandlers.id(from: context)
                return VCardNegotiation.wantsVCard(request.headers)
                    ? try await cards.exportOne(request, id: id) : try await handlers.show(request, id: id)
            }
        case .updateFriend:
            return { request, context in try await handlers.update(request, id: FriendHandlers.id(from: context)) }
        case .legacyEditFriend:
            return { request, context in
                try await handlers.update(request, id: FriendHandlers.id(from: context), withVersion: false)
            }
        case .deleteFriend:
            return { request, context in
                _ = try await handlers.delete(request, id: FriendHandlers.id(from: context))
                return Response(status: .noContent)
            }
        case .legacyDeleteFriend:
            return { request, context in
                let removed = try await handlers.delete(request, id: FriendHandlers.id(from: context))
                return JSONResponse.make(removed.friend)
            }
        case .friendEvents:
            return { request, context in try await changeEvents.stream(request, channel: context.channel) }
        case .getFriendAvatar:
            return { request, context in try await avatar(request, id: FriendHandlers.id(from: context)) }
        case .legacyListFriends:
            return { _, _ in try await handlers.all() }
        case .health:
            return { _, _ in try await health() }
        case .openAPI:
            return { _, _ in JSONResponse.make(body: try await openAPIDocument.current()) }
        }
    }

    /// `ok`, or `read-only` (still 200: reads are served) while the disk of the database is full;
    /// a storage that does not answer is a 503 from `ErrorEnvelopeMiddleware`.
    private func health() async throws -> Response {
        try await handlers.store.ping()
        storageWatch.answered()
        let status = storageWatch.fullDiskFile == nil ? "ok" : "read-only"
        return JSONResponse.make(HealthStatus(status: status, database: handlers.store.kind))
    }

    /// The card's photo with its own content type, or the initials as SVG.
    private func avatar(_ request: Request, id: Int) async throws -> Response {
        guard let stored = try await handlers.store.friend(id: id) else { throw APIError.friendNotFound(id: id) }
        if let photo = try await cards.photo(of: stored) {
            let tag = EntityTag.ofPhoto(id: id, version: stored.version, scope: handlers.tagScope)
            var headers = HTTPFields()
            headers[.eTag] = tag
            headers[.cacheControl] = avatarCacheControl
            if IfNoneMatch.matches(tag, in: request.headers) { return IfNoneMatch.notModified(headers: headers) }
            headers[.contentType] = photo.mediaType
            // The bytes came in a card: a browser takes them for the image type said, never sniffs HTML.
            headers[.xContentTypeOptions] = "nosniff"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: photo.bytes)))
        }
        let avatar = Avatar(stored.friend)
        var headers = HTTPFields()
        headers[.eTag] = avatar.entityTag
        headers[.cacheControl] = avatarCacheControl
        if IfNoneMatch.matches(avatar.entityTag, in: request.headers) {
            return IfNoneMatch.notModified(headers: headers)
        }
        headers[.contentType] = "image/svg+xml; charset=utf-8"
        headers[.xContentTypeOptions] = "nosniff"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: avatar.svg)))
    }
}

extension Router<ConnectionRequestContext> {
    /// Registers `endpoint` at its method and path pattern, and a `GET` endpoint for `HEAD` too.
    func add(_ endpoint: FriendsEndpoint, use responder: @escaping EndpointResponders.Responder) {
        let method = HTTPRequest.Method(endpoint.method) ?? .get
        on(RouterPath(endpoint.pathPattern), method: method, use: responder)
        if method == .get {
            on(RouterPath(endpoint.pathPattern), method: .head) { request, context in
                try await responder(request, context).answeringHEAD
            }
        }
    }
}

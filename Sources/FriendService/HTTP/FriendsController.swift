import FriendsAPI
import Hummingbird

/// The `/friends` routes.
struct FriendsController {
    let handlers: FriendHandlers
    let avatarCacheControl: String

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/friends") { request, _ in try await handlers.list(request) }
        router.post("/friends") { request, _ in try await handlers.create(request) }
        router.get("/friends/{id}") { _, context in try await handlers.show(id: FriendHandlers.id(from: context)) }
        router.patch("/friends/{id}") { request, context in
            try await handlers.update(request, id: FriendHandlers.id(from: context))
        }
        router.delete("/friends/{id}") { request, context in
            _ = try await handlers.delete(request, id: FriendHandlers.id(from: context))
            return Response(status: .noContent)
        }
        router.get("/friends/{id}/avatar") { request, context in
            try await avatar(request, id: FriendHandlers.id(from: context))
        }
    }

    private func avatar(_ request: Request, id: Int) async throws -> Response {
        guard let stored = try await handlers.store.friend(id: id) else { throw APIError.friendNotFound(id: id) }
        let avatar = Avatar(stored.friend)
        var headers = HTTPFields()
        headers[.eTag] = avatar.entityTag
        headers[.cacheControl] = avatarCacheControl
        if request.headers[values: .ifNoneMatch].contains(where: { $0.contains(avatar.entityTag) || $0 == "*" }) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "image/svg+xml; charset=utf-8"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: avatar.svg)))
    }
}

import FriendsAPI
import Hummingbird

/// The original iOS client's routes. That client sends JSON with `firstname`, `lastname` and
/// `phonenumber`, accepts any 2xx, and decodes `[Friend]` from `/listFriends` and a `Friend`
/// from `PATCH /editFriend/{id}`; its delete reads the body as JSON, so it gets the removed friend.
struct LegacyController {
    let handlers: FriendHandlers

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/listFriends") { _, _ in try await handlers.all() }
        router.post("/addFriend") { request, _ in try await handlers.create(request, withVersion: false) }
        router.patch("/editFriend/{id}") { request, context in
            try await handlers.update(request, id: FriendHandlers.id(from: context), withVersion: false)
        }
        router.delete("/editFriend/{id}") { request, context in
            let removed = try await handlers.delete(request, id: FriendHandlers.id(from: context))
            return JSONResponse.make(removed.friend)
        }
    }
}

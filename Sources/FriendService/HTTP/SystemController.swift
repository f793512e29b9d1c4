import FriendsAPI
import Hummingbird

/// `/health` and `/openapi.json`: open even when a token is configured.
struct SystemController {
    let store: any FriendStore

    func addRoutes(to router: Router<some RequestContext>) {
        router.get("/health") { _, _ in
            do {
                try await store.ping()
            } catch {
                throw APIError.storageUnavailable
            }
            return JSONResponse.make(HealthStatus(status: "ok", database: store.kind))
        }
        router.get("/openapi.json") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "application/json; charset=utf-8"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: OpenAPIDocument.json)))
        }
    }
}

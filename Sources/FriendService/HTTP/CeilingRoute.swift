import HTTPServerKit
import Hummingbird
import NIOCore

/// `GET /ceiling/{bytes}`: a body of that many bytes, made once at start-up and answered as it is,
/// behind every middleware the API routes have. The load benchmark's reference: what this server
/// does for a response of a route's size when it has no work to do. Served only when
/// `FriendServerConfiguration.servesCeilingRoute` is set (`friendservice serve --ceiling-route`).
enum CeilingRoute {
    static let largestBody = 256 << 10

    static func add(to router: Router<ConnectionRequestContext>) {
        let body = ByteBuffer(repeating: UInt8(ascii: "x"), count: largestBody)
        router.get("/ceiling/:bytes") { _, context in
            guard let size = context.parameters.get("bytes", as: Int.self), (0...largestBody).contains(size) else {
                throw APIError(.badRequest, "The size must be a number of bytes from 0 to \(largestBody).")
            }
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; charset=utf-8"
            // A slice shares the body's storage: nothing is copied per request.
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body.getSlice(at: 0, length: size)!))
        }
    }
}

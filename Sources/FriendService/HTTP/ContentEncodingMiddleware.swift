import Foundation
import HTTPTypes
import Hummingbird

/// A body in a content coding (`gzip`, `br`) is refused with 415 and `Accept-Encoding: identity`
/// (RFC 9110 15.5.16): read as it is, a compressed import or JSON would fail as "no vCard" or
/// "invalid JSON", which tells the client nothing of what to change.
struct ContentEncodingMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // Almost no request has the header: it costs them one lookup.
        guard request.headers[.contentEncoding] != nil else { return try await next(request, context) }
        let codings = request.headers[values: .contentEncoding]
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard codings.allSatisfy({ $0 == "identity" || $0.isEmpty }) else {
            throw APIError(
                .unsupportedMediaType, "Send the request body uncompressed: Content-Encoding \(codings.joined(separator: ", ")) is not supported.",
                headers: [.acceptEncoding: "identity"]
            )
        }
        return try await next(request, context)
    }
}

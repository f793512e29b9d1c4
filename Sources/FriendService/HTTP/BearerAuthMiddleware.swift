import CardDAV
import Foundation
import FriendsAPI
import HTTPServerKit
import Hummingbird

/// With a token configured, every route except the open ones needs `Authorization: Bearer <token>`,
/// or HTTP Basic with any user name and the token as password (what contact apps send).
struct BearerAuthMiddleware<Context: RequestContext>: RouterMiddleware {
    let token: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if OpenRoutes.paths.contains(request.uri.path) || isAuthorized(request) {
            return try await next(request, context)
        }
        throw CardDAVHandler.handles(path: request.uri.path, method: request.method.rawValue) ? APIError.unauthorizedContactApp : APIError.unauthorized
    }

    private func isAuthorized(_ request: Request) -> Bool {
        guard let header = request.headers[.authorization] else { return false }
        if let bearer = Self.credentials(header, scheme: "Bearer") {
            return SecretToken.matches(bearer, token)
        }
        if let basic = Self.credentials(header, scheme: "Basic"),
           let decoded = Data(base64Encoded: String(basic)).flatMap({ String(data: $0, encoding: .utf8) }),
           let colon = decoded.firstIndex(of: ":")
        {
            return SecretToken.matches(decoded[decoded.index(after: colon)...], token)
        }
        return false
    }

    /// What follows `scheme` and a space, the scheme in any case.
    private static func credentials(_ header: String, scheme: String) -> Substring? {
        let prefix = scheme + " "
        guard header.count > prefix.count, header.lowercased().hasPrefix(prefix.lowercased()) else { return nil }
        return header.dropFirst(prefix.count)
    }
}

/// The routes that answer without a token or an account: `/health` and the OpenAPI document.
/// Made once (a generic middleware cannot keep a static constant), as every request asks.
enum OpenRoutes {
    static let paths = Set(FriendsEndpoint.allCases.filter { !$0.needsToken }.map { $0.path() })
}

import FriendsAPI
import HTTPServerKit
import Hummingbird

/// With a token configured, every route except the open ones needs `Authorization: Bearer <token>`.
struct BearerAuthMiddleware<Context: RequestContext>: RouterMiddleware {
    static var openPaths: Set<String> { Set(FriendsEndpoint.allCases.filter { !$0.needsToken }.map { $0.path() }) }

    let token: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if Self.openPaths.contains(request.uri.path) || isAuthorized(request) {
            return try await next(request, context)
        }
        throw APIError.unauthorized
    }

    private func isAuthorized(_ request: Request) -> Bool {
        guard let header = request.headers[.authorization] else { return false }
        let prefix = "Bearer "
        guard header.count > prefix.count, header.lowercased().hasPrefix(prefix.lowercased()) else { return false }
        return SecretToken.matches(header.dropFirst(prefix.count), token)
    }
}

import CardDAV
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
        switch try? Credentials(header: request.headers[.authorization]) {
        case .bearer(let given): SecretToken.matches(given, token)
        case .basic(_, let secret): SecretToken.matches(secret, token)
        case nil: false
        }
    }
}

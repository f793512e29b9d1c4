import CardDAV
import FriendsAPI
import HTTPServerKit
import Hummingbird

/// With a token configured, every route except the open ones needs `Authorization: Bearer <token>`,
/// or HTTP Basic with any user name and the token as password (what contact apps send).
///
/// The token is chosen by whoever starts the server and may be short, so wrong tokens sent over
/// the network go through the same throttle as accounts' passwords: counted by client address
/// and together (as the name `token`), answered `429` while they must wait. The right token
/// passes without it, and so does a program on this machine that forwards no address
/// (`ClientAddress`): the throttle is against guessing from elsewhere. A wrong token an address
/// sent before is refused again without being counted (`RefusedTokens`).
struct BearerAuthMiddleware: RouterMiddleware {
    typealias Context = ConnectionRequestContext

    let token: String
    let throttle: SignInThrottle
    let refusedTokens: RefusedTokens
    let clientAddress: ClientAddress

    /// What failed guesses are counted against besides the address: every guess is at the one token.
    static let countedName = "token"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if OpenRoutes.paths.contains(request.uri.path) { return try await next(request, context) }
        guard let given = Self.secret(in: request) else { throw refusal(of: request) }
        if SecretToken.matches(given, token) { return try await next(request, context) }
        guard let address = clientAddress.of(request, context: context) else { throw refusal(of: request) }
        if let wait = throttle.holdsBack(address: address, name: Self.countedName) {
            throw APIError.tooManySignIns(retryAfter: wait)
        }
        if refusedTokens.wasRefused(given, from: address) { throw refusal(of: request) }
        if let wait = throttle.begin(address: address, name: Self.countedName) {
            throw APIError.tooManySignIns(retryAfter: wait)
        }
        refusedTokens.remember(given, from: address)
        throw refusal(of: request)
    }

    /// The token a request offers, as Bearer or as a Basic password; nil when it offers none.
    private static func secret(in request: Request) -> String? {
        switch try? Credentials(header: request.headers[.authorization]) {
        case .bearer(let given): given
        case .basic(_, let secret): secret
        case nil: nil
        }
    }

    private func refusal(of request: Request) -> APIError {
        CardDAVHandler.handles(path: request.uri.path, method: request.method.rawValue) ? APIError.unauthorizedContactApp : APIError.unauthorized
    }
}

import CardDAV
import FriendStorage
import FriendsAPI
import HTTPServerKit
import Hummingbird
import NIOConcurrencyHelpers

/// With accounts, every route but the open ones (`/health`, the OpenAPI document) needs an
/// account's credentials, and is served from that account's address book alone
/// (`AccountSpaces`). Without any account, requests go on as they did before accounts.
struct AccountGate: RouterMiddleware {
    typealias Context = ConnectionRequestContext

    let presence: AccountPresence
    /// `nil` in a program built without the cryptography of accounts (the terminal app's
    /// embedded server): it then refuses to serve a database that has accounts.
    let authenticator: AccountAuthenticator?
    let spaces: AccountSpaces
    let clientAddress: ClientAddress
    /// Whether the server may serve without accounts (on loopback, with a token, or anonymous by
    /// choice); a server that started on the network only because it had accounts may not.
    let servesWithoutAccounts: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if OpenRoutes.paths.contains(request.uri.path) { return try await next(request, context) }
        guard try await presence.hasAccounts() else {
            guard servesWithoutAccounts else { throw APIError.signInRequired(contactApp: false) }
            // Only the live feed holds a stream for the watch to end; other requests pass as they are.
            guard request.uri.path == FriendsRoutes.events, let watch = spaces.signIns else { return try await next(request, context) }
            return try await SignedInRequest.$current.withValue(.withoutAccount(watch: watch)) {
                try await next(request, context)
            }
        }
        guard let authenticator else { throw APIError.accountsNeedFriendService }
        // Asked only for a refusal: which challenge to send.
        var isContactApp: Bool { CardDAVHandler.handles(path: request.uri.path, method: request.method.rawValue) }
        // Two headers (Basic and Bearer, say) would be read as one, joined by a comma.
        guard request.headers[values: .authorization].count <= 1 else { throw APIError.severalAuthorizations }
        let credentials: Credentials
        do {
            credentials = try Credentials(header: request.headers[.authorization])
        } catch .missing {
            throw APIError.signInRequired(contactApp: isContactApp)
        } catch .tooLong {
            throw APIError.overlongCredentials(contactApp: isContactApp)
        } catch {
            throw APIError.malformedCredentials(contactApp: isContactApp)
        }
        switch try await authenticator.authenticate(credentials, address: clientAddress.of(request, context: context)) {
        case .signedIn(let account, let proof):
            let responder = try await spaces.responder(for: account)
            guard let watch = spaces.signIns else { return try await responder.respond(to: request, context: context) }
            return try await SignedInRequest.$current.withValue(SignedInRequest(account: account, proof: proof, watch: watch)) {
                try await responder.respond(to: request, context: context)
            }
        case .refused:
            throw APIError.signInRefused(contactApp: isContactApp)
        case .throttled(let wait):
            throw APIError.tooManySignIns(retryAfter: wait)
        case .busy:
            throw APIError.tooManyPasswordChecks
        }
    }
}

/// Whether the registry has any account, asked at most once per `AccountAuthenticator.registryLifetime`.
final class AccountPresence: Sendable {
    private let registry: any AccountRegistry
    private let now: @Sendable () -> ContinuousClock.Instant
    private let known = NIOLockedValueBox<(value: Bool, fetched: ContinuousClock.Instant)?>(nil)

    init(registry: any AccountRegistry, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.registry = registry
        self.now = now
    }

    func hasAccounts() async throws -> Bool {
        if let known = known.withLockedValue({ $0 }), now() - known.fetched < AccountAuthenticator.registryLifetime {
            return known.value
        }
        let value = try await registry.hasAccounts()
        let fetched = now()
        known.withLockedValue { $0 = (value, fetched) }
        return value
    }
}

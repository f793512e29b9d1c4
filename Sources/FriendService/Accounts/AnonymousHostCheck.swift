import HTTPServerKit
import Hummingbird

/// The DNS-rebinding guard of a server that answers without credentials: while the registry has no
/// account, only requests addressed to a loopback name pass. Once there are accounts, every
/// request needs a person's credentials, which a rebound page does not have, so a reverse proxy
/// may pass on the public name it was reached by.
struct AnonymousHostCheck: RouterMiddleware {
    typealias Context = ConnectionRequestContext

    let check: HostCheckMiddleware<Context>
    /// `nil` for a store without an account registry: it never has accounts.
    let presence: AccountPresence?

    init(listeningOn hostname: String, presence: AccountPresence?) {
        check = HostCheckMiddleware(
            acceptedNames: HostCheckMiddleware<Context>.loopbackNames(and: hostname),
            passesRequestsWithoutHost: true,
            refuse: { throw APIError.misdirected }
        )
        self.presence = presence
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let presence, try await presence.hasAccounts() { return try await next(request, context) }
        return try await check.handle(request, context: context, next: next)
    }
}

import FriendsAPI

/// The routes that answer without a token or an account: `/health` and the OpenAPI document.
/// Made once (a generic middleware cannot keep a static constant), as every request asks.
enum OpenRoutes {
    static let paths = Set(FriendsEndpoint.allCases.filter { !$0.needsToken }.map { $0.path() })
}

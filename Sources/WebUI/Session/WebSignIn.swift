import HTTPServerKit

/// Signing in before a session gets its app, for an app that serves several people (its server
/// has accounts). Who may sign in is the server's to say (`check`); the page is the app's
/// (`page`). Failed attempts slow down per browser address and per name (`throttle`).
public struct WebSignIn: Sendable {
    public enum Outcome: Sendable {
        /// The name and password are right: how to make the app of each of the session's tabs,
        /// working as that person, what to release when the session ends, and whether the sign-in
        /// still holds (once it does not, the session ends and the person is asked to sign in).
        case signedIn(
            makeApp: @MainActor @Sendable () -> any WebApplication, onEnd: @MainActor @Sendable () -> Void = {},
            holds: @MainActor @Sendable () -> Bool = { true }
        )
        /// They are not; the sentence the page says.
        case refused(String)
        /// They could not be checked (the server is busy or away): the sentence the page says.
        /// Not counted as a failed attempt.
        case unavailable(String)
        /// The server slows down sign-ins of that name or this machine after failed ones: the
        /// sentence the page says, answered `429` as the page's own throttle is, with the seconds
        /// the server asked to wait as its `Retry-After` (when it said). Not counted here.
        case throttled(String, retryAfter: Int?)
    }

    /// What the sign-in page shows: the name typed so far, why the last attempt failed, and
    /// where to go once signed in.
    public struct Form: Sendable, Equatable {
        public var name: String
        public var message: String?
        public var next: String
        public var csrfToken: String
    }

    public var check: @Sendable (_ name: String, _ password: String) async -> Outcome
    public var page: @Sendable (Form) -> String
    public var throttle: SignInThrottle

    public init(
        throttle: SignInThrottle = SignInThrottle(),
        check: @escaping @Sendable (_ name: String, _ password: String) async -> Outcome,
        page: @escaping @Sendable (Form) -> String
    ) {
        self.check = check
        self.page = page
        self.throttle = throttle
    }
}

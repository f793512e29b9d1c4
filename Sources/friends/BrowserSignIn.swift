import Foundation
import FriendsAPI
import FriendsClient
import FriendsNIOTransport
import FriendsViewModels
import FriendsWeb
import WebUI

/// `friends web` before a FriendService with accounts: each person signs in in the browser with
/// their name and password, which FriendService checks, and their session works through a
/// client of their own (their friends, their live feed, their avatars). The password stays in
/// this process's memory for the session, in that client, and is never written anywhere.
enum BrowserSignIn {
    /// - Parameter reopened: told when a sign-in finds FriendService open to anyone (its last
    ///   account was removed): the person is asked to load the page again, which is then open.
    static func make(serverURL: URL, pages: FriendsPages, reopened: Reopening? = nil) -> WebSignIn {
        WebSignIn(
            check: { name, password in
                // Basic authentication ends the name at its first colon: `erin:p` with the
                // password `q` would sign in as erin with `p:q`. No account's name has one.
                guard !name.contains(":") else { return .refused(Self.mismatch) }
                let standing = SignInStanding()
                var feedTransport = StandingNotingEventTransport(base: NIOEventStreamTransport(), standing: standing)
                // After each answer to the session's feed: when FriendService ended its stream
                // because its last account was removed, it is open now, and so are the pages.
                if let reopened {
                    feedTransport.afterAnswer = { if await isOpenToAnyone(serverURL) { reopened.happen() } }
                }
                let client = AppServerClient(
                    baseURL: serverURL, credentials: .password(user: name, password: password),
                    transport: StandingNotingTransport(base: NIOHTTPTransport(), standing: standing),
                    eventTransport: feedTransport
                )
                do throws(AppServerError) {
                    _ = try await client.friends(FriendListQuery(limit: 1))
                } catch {
                    return refusal(error)
                }
                // Without accounts FriendService takes any name: nobody would be signed in as who they say.
                if let reopened, await isOpenToAnyone(serverURL) {
                    reopened.happen()
                    return .unavailable(openAgain)
                }
                let session = await MainActor.run { PersonalSession(client: client) }
                return .signedIn(
                    makeApp: { FriendsWebApp(client: client, avatars: session.avatars, feed: session.feed, pages: pages) },
                    onEnd: { session.feed.stop() },
                    holds: { standing.holds }
                )
            },
            page: { pages.signInPage($0) }
        )
    }

    static let mismatch = "That name and password do not match."

    static let openAgain = "FriendService has no accounts any more: these pages are open to anyone on this machine again. Load the page again."

    /// Whether FriendService answers a request that names no one.
    private static func isOpenToAnyone(_ serverURL: URL) async -> Bool {
        let client = AppServerClient(baseURL: serverURL, credentials: nil, transport: NIOHTTPTransport())
        do throws(AppServerError) {
            _ = try await client.friends(FriendListQuery(limit: 1))
            return true
        } catch {
            return false
        }
    }

    /// What the page says when FriendService did not take the sign-in; a wait it asks for
    /// (`Retry-After`) goes on to the page's own answer.
    static func refusal(_ error: AppServerError) -> WebSignIn.Outcome {
        switch error {
        case .unauthorized:
            return .refused(mismatch)
        case .throttled(let message, let retryAfter):
            let wait = retryAfter.map { "\($0) s" } ?? "a minute"
            return .throttled(message ?? "Too many failed attempts. Try again in \(wait).", retryAfter: retryAfter)
        default:
            return .unavailable("FriendService could not be reached. Try again in a moment.")
        }
    }
}

/// What the tabs of one signed-in session share: one live feed and one avatar cache, as that person.
@MainActor
private final class PersonalSession: Sendable {
    let feed = FriendChangeFeed()
    let avatars: ImageLoader<Int>

    init(client: AppServerClient) {
        avatars = ImageLoader(avatarsFrom: client)
        feed.follow(client)
    }
}

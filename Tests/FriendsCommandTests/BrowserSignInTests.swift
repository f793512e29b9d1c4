import Foundation
import FriendsClient
import FriendsWeb
import Testing
@testable import friends

/// What `friends web`'s sign-in page says when FriendService does not take a sign-in.
struct BrowserSignInTests {
    @Test func aSignInFriendServiceHoldsBackKeepsItsWaitAndItsWords() {
        let outcome = BrowserSignIn.refusal(.throttled(message: "Too many failed sign-ins: try again in 7 s.", retryAfter: 7))
        guard case .throttled(let message, let retryAfter) = outcome else {
            Issue.record("\(outcome) is not throttled")
            return
        }
        #expect(message == "Too many failed sign-ins: try again in 7 s.")
        #expect(retryAfter == 7)
    }

    @Test(arguments: [
        (30 as Int?, "Too many failed attempts. Try again in 30 s."),
        (nil, "Too many failed attempts. Try again in a minute."),
    ])
    func withoutItsWordsThePageSaysTheWait(retryAfter: Int?, expected: String) {
        guard case .throttled(let message, let wait) = BrowserSignIn.refusal(.throttled(message: nil, retryAfter: retryAfter)) else {
            Issue.record("not throttled")
            return
        }
        #expect(message == expected)
        #expect(wait == retryAfter)
    }

    @Test func wrongCredentialsAndOtherFailuresAreSaidAsBefore() {
        guard case .refused(let refused) = BrowserSignIn.refusal(.unauthorized) else {
            Issue.record("not refused")
            return
        }
        #expect(refused == "That name and password do not match.")
        guard case .unavailable(let away) = BrowserSignIn.refusal(.server(status: 503, message: "The database is not available; try again later.")) else {
            Issue.record("not unavailable")
            return
        }
        #expect(away == "FriendService could not be reached. Try again in a moment.")
    }

    /// Basic authentication would end the name at its colon: `erin:p` with `q` is erin with `p:q`.
    /// Refused before any request (nothing listens at the address).
    @Test func aNameWithAColonIsRefusedAsNoAccountsName() async throws {
        let signIn = BrowserSignIn.make(serverURL: URL(string: "http://127.0.0.1:9")!, pages: try FriendsPages.bundled())
        guard case .refused(let message) = await signIn.check("erin:p", "q") else {
            Issue.record("not refused")
            return
        }
        #expect(message == "That name and password do not match.")
    }
}

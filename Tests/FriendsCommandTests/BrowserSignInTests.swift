import FriendsClient
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
}

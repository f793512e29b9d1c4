import FriendsClient

/// Texts shared by several screens' failure messages.
enum FailureText {
    /// What a failed request says when the reason is neither 401 nor 404.
    static let couldNotConnect = "Could not connect to server. Check your network and try again later."
    /// The same, when the server is on the machine of this app (a phone may be reading the
    /// browser view of it): the network is not to blame.
    static let couldNotConnectHere = "Could not connect to this app's Friends service. Try again later."
    /// Said of a friend the server does not know (any more).
    static let noLongerExists = "This friend no longer exists."

    /// A write the server did not answer in time may still have been made: trying again at once
    /// could add a friend twice.
    static func noAnswerInTime(mayHaveBeen outcome: String, lookIn place: String) -> String {
        "The Friends service did not answer in time, so the friend may have been \(outcome) all the same. Look at \(place) before you try again."
    }

    /// What a request the server held back (429) says: the server's own words, which say why
    /// (too many failed sign-ins with this name), else how long to wait.
    static func heldBack(_ message: String?, retryAfter: Int?) -> String {
        message ?? "The Friends service is holding requests back: try again in \(retryAfter.map { "\($0) s" } ?? "a minute")."
    }

    /// `couldNotConnect`, or `couldNotConnectHere` for a server on this machine.
    static func couldNotConnect(onThisMachine: Bool) -> String {
        onThisMachine ? couldNotConnectHere : couldNotConnect
    }
}

/// An alert about a failed request has a short title naming what failed ("Could not delete Ada
/// Lovelace.") and says why as its message.
extension AppServerError {
    /// Why a friend could not be loaded (to show, open or edit it).
    func loadFailureReason(onThisMachine: Bool) -> String {
        switch self {
        case .unauthorized: "Please login to load your friends."
        case .notFound: FailureText.noLongerExists
        case .throttled(let message, let retryAfter): FailureText.heldBack(message, retryAfter: retryAfter)
        default: FailureText.couldNotConnect(onThisMachine: onThisMachine)
        }
    }

    /// Why a friend could not be deleted.
    func deleteFailureReason(onThisMachine: Bool) -> String {
        switch self {
        case .unauthorized: "Please login to delete friends."
        case .notFound: FailureText.noLongerExists
        case .timedOut: FailureText.noAnswerInTime(mayHaveBeen: "deleted", lookIn: "the list")
        case .throttled(let message, let retryAfter): FailureText.heldBack(message, retryAfter: retryAfter)
        default: FailureText.couldNotConnect(onThisMachine: onThisMachine)
        }
    }
}

import FriendsAPI
import FriendsClient

/// What the list says when a request failed.
extension AppServerError {
    /// The error row's text when friends could not be loaded. A search the server refused says why.
    var loadFailureMessage: String {
        switch self {
        case .unauthorized: "Please login to load your friends."
        case .notFound: "Could not complete request, please try again."
        case .invalid(_, let fields) where fields[FriendListQuery.Name.search] != nil:
            fields[FriendListQuery.Name.search] ?? ""
        case .throttled(let message, let retryAfter): FailureText.heldBack(message, retryAfter: retryAfter)
        default: "Loading failed, check network connection"
        }
    }
}

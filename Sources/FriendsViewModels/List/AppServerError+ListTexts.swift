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
        default: "Loading failed, check network connection"
        }
    }

    /// The alert title when a friend could not be fetched to open or edit it.
    var fetchFailureTitle: String {
        switch self {
        case .unauthorized: "Please login to load your friends."
        case .notFound: "Friend not found."
        default: "Loading failed, check network connection"
        }
    }

    /// The alert title when a friend could not be deleted.
    func deleteFailureTitle(onThisMachine: Bool) -> String {
        switch self {
        case .unauthorized: "Please login to delete friends."
        case .notFound: "Friend not found."
        default: FailureText.couldNotConnect(onThisMachine: onThisMachine)
        }
    }
}

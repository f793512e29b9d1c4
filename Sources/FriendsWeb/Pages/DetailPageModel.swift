import FriendsViewModels
import WebUI

/// A friend's page as a value: a pure function of the detail view model's outputs.
struct DetailPageModel {
    struct Line {
        let label: String
        let value: String?
    }

    let chrome: PageChrome
    let id: Int
    let fullName: String
    let initials: String
    /// The avatar as base64 SVG, once loaded.
    let avatarBase64: String?
    let lines: [Line]
    let removedMessage: String?
    let canEdit: Bool

    @MainActor
    init(detail: FriendDetailViewModel, id: Int, list: FriendsListViewModel, alert: Alert?, context: PageContext) {
        chrome = PageChrome(
            screenTitle: detail.fullName.value, connection: list.connectionStatus.value, loading: nil,
            alert: alert, path: FriendsWebPath.friend(id).path, context: context
        )
        self.id = id
        fullName = detail.fullName.value
        initials = detail.initials.value
        if case .loaded(let data) = detail.avatar.value {
            avatarBase64 = data.base64EncodedString()
        } else {
            avatarBase64 = nil
        }
        lines = [("Phone", detail.phonenumberText.value), ("Email", detail.email.value), ("About", detail.about.value)]
            .map { Line(label: $0.0, value: $0.1.isEmpty ? nil : $0.1) }
        removedMessage = detail.removedMessage.value
        canEdit = detail.removedMessage.value == nil
    }
}

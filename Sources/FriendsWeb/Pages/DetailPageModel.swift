import FriendsViewModels
import WebUI

/// A friend's page as a value: a pure function of the detail view model's outputs.
struct DetailPageModel {
    /// A part of the card ("Phone", "Address"): its rows, each with its label and lines; a phone
    /// or email row is a link (`tel:`, `mailto:`).
    struct Section {
        struct Row {
            struct Line {
                let text: String
            }

            let label: String?
            let lines: [Line]
            let href: String?
        }

        let kind: String
        let title: String
        let rows: [Row]
    }

    let chrome: PageChrome
    let id: Int
    let fullName: String
    let initials: String
    /// The avatar as a `data:` address (the card's picture or the initials as SVG), once loaded.
    let avatarSource: String?
    let sections: [Section]
    let removedMessage: String?
    /// Edit and Delete are offered (not once the friend is known to be deleted).
    let canEdit: Bool
    /// The question before the friend is deleted.
    let confirmation: ConfirmationModel?

    @MainActor
    init(detail: FriendDetailViewModel, id: Int, list: FriendsListViewModel, listPath: String = "/", alert: Alert?, context: PageContext) {
        chrome = PageChrome(
            screenTitle: detail.fullName.value, connection: list.connectionStatus.value,
            loading: detail.showLoadingHud.value ? "Deleting..." : nil,
            alert: alert, path: FriendsWebPath.friend(id).path, listPath: listPath, context: context
        )
        self.id = id
        fullName = detail.fullName.value
        initials = detail.initials.value
        if case .loaded(let data) = detail.avatar.value, let type = ContactLinks.imageType(of: data) {
            avatarSource = "data:\(type);base64,\(data.base64EncodedString())"
        } else {
            avatarSource = nil
        }
        sections = detail.sections.value.map { section in
            Section(kind: section.kind.rawValue, title: section.title, rows: section.rows.map { row in
                let href: String? = switch section.kind {
                case .phones: ContactLinks.telephone(row.text)
                case .emails: ContactLinks.mail(row.text)
                default: nil
                }
                return Section.Row(label: row.label.isEmpty ? nil : row.label, lines: row.lines.map(Section.Row.Line.init), href: href)
            })
        }
        removedMessage = detail.removedMessage.value
        canEdit = detail.offersEditAndDelete.value
        confirmation = detail.deleteConfirmation.value.map {
            // Cancel's answer opens at Edit, so that the next Tab goes back to Delete, as the list's does.
            ConfirmationModel(
                $0, confirmAction: "confirmDelete", cancelAction: "cancelDelete", path: FriendsWebPath.friend(id).path,
                cancelPath: FriendsWebPath.friend(id).path + "#edit"
            )
        }
    }
}

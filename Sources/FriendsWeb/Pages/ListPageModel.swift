import FriendsViewModels
import WebUI

/// The list page as a value: a pure function of the list view model's outputs and the search
/// box's text.
struct ListPageModel {
    struct Row {
        struct FriendRow {
            let id: Int
            let fullName: String
            let phone: String
            let initials: String
            /// The friend the user chose: highlighted. (A fresh page or a live change highlights
            /// nothing the user did not do.)
            let isSelected: Bool
            /// After an action the selected friend's row takes the focus (after a delete, the
            /// one that took its place).
            let takesFocus: Bool
        }

        let friend: FriendRow?
        let error: String?
        let empty: String?
    }

    let chrome: PageChrome
    let title: String
    let searchText: String
    let hasSearch: Bool
    let searchSummary: String?
    let status: String?
    let rows: [Row]
    /// A search that matches nobody shows no row (its summary says so), and no empty list.
    var hasRows: Bool { !rows.isEmpty }
    /// The last friend's id, when the list may go on: "Load more" (and, with the script, the
    /// infinite scroll) asks for what follows it.
    let moreAfter: Int?
    /// The last friend's id after a next page failed: "Try again" asks for it again.
    let retryAfter: Int?
    let confirmation: ConfirmationModel?
    /// Export and Import are offered (the app reaches FriendService's vCard routes).
    let exchangesCards: Bool

    @MainActor
    init(list: FriendsListViewModel, searchText: String, exchangesCards: Bool = false, alert: Alert?, context: PageContext) {
        self.exchangesCards = exchangesCards
        let loading = list.showLoadingHud.value ? "Loading..." : nil
        chrome = PageChrome(
            screenTitle: list.title.value, connection: list.connectionStatus.value, loading: loading,
            alert: alert, path: "/", context: context
        )
        title = list.title.value
        self.searchText = searchText
        hasSearch = !searchText.isEmpty
        searchSummary = list.searchSummary.value
        status = list.statusMessage.value
        let cells = list.friendCells.value
        let selected = list.selectedFriendID.value
        let chosen = list.chosenFriendID.value
        let focusesSelection = list.statusMessage.value != nil && alert == nil && list.deleteConfirmation.value == nil
        rows = cells.map { cell in
            switch cell {
            case .normal(let friend):
                return Row(friend: Row.FriendRow(
                    id: friend.id, fullName: friend.fullName, phone: friend.phonenumberText, initials: friend.initials,
                    isSelected: friend.id == chosen, takesFocus: friend.id == selected && focusesSelection
                ), error: nil, empty: nil)
            case .error(let text):
                return Row(friend: nil, error: text, empty: nil)
            case .empty(let text):
                return Row(friend: nil, error: nil, empty: text)
            }
        }
        let friendIDs = cells.compactMap(\.friendID)
        let failed = cells.contains { if case .error = $0 { true } else { false } }
        moreAfter = list.hasMoreFriends.value ? friendIDs.last : nil
        retryAfter = failed && !friendIDs.isEmpty ? friendIDs.last : nil
        // Cancel's answer opens at the friend's Edit, beside the Delete asked about (`/#edit-3`):
        // without the script, the next Tab goes back to Delete rather than to the top of the page. Not
        // Delete's: an alert it may bring (changed elsewhere, not reached) takes the focus, which
        // a fragment naming an element would keep from it.
        confirmation = list.deleteConfirmation.value.map {
            ConfirmationModel(
                $0, confirmAction: "confirmDelete", cancelAction: "cancelDelete", path: "/", cancelPath: chosen.map { "/#edit-\($0)" }
            )
        }
    }
}

extension ListPageModel {
    /// One of Export's links: every friend as a file in one vCard version, or each as it came.
    struct ExportChoice {
        let path: String
        let title: String
        let hint: String
    }

    /// Export's links, in the order of `ContactsFileViewModel.exportVersions`.
    var exportChoices: [ExportChoice] {
        ContactsFileViewModel.exportVersions.map {
            ExportChoice(path: FriendsWebPath.exportPath(in: $0.version), title: $0.title, hint: $0.hint)
        }
    }
}

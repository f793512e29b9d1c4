import FriendsAPI
import FriendsViewModels
import WebUI

/// The add or update form as a value: a pure function of the form view model's outputs.
struct FormPageModel {
    struct Field {
        let name: String
        let label: String
        let value: String
        let type: String
        let isMultiline: Bool
        let message: String?
        let autocomplete: String
        let takesFocus: Bool
    }

    struct ConflictModel {
        struct Choice {
            let label: String
            let theirs: String
            let mine: String
        }

        let title: String
        let fields: [Choice]
        let path: String
    }

    let chrome: PageChrome
    let title: String
    let path: String
    /// Said when the friend changed or went elsewhere while the form is open.
    let notice: String?
    let fields: [Field]
    let submitDisabled: Bool
    let conflict: ConflictModel?
    let discard: ConfirmationModel?

    @MainActor
    init(form: FriendFormViewModel, path: FriendsWebPath, list: FriendsListViewModel, alert: Alert?, context: PageContext) {
        let saving = form.showLoadingHud.value
        chrome = PageChrome(
            screenTitle: form.title, connection: list.connectionStatus.value, loading: saving ? "Saving..." : nil,
            alert: alert, path: path.path, context: context
        )
        title = form.title
        self.path = path.path
        notice = form.changedElsewhereNotice.value
        let values = form.fields.value
        let messages = form.fieldMessages.value
        let dialogOpen = form.conflict.value != nil || form.discardConfirmation.value != nil || alert != nil
        let focused = FriendField.allCases.first { messages[$0] != nil } ?? .firstname
        fields = FriendField.allCases.map { field in
            Field(
                name: field.rawValue, label: field.displayName, value: values.value(of: field),
                type: field.inputType, isMultiline: field == .about, message: messages[field],
                autocomplete: field.autocomplete, takesFocus: field == focused && !dialogOpen
            )
        }
        // Without the script the button stays enabled: the page cannot change as the user types,
        // and submitting shows every field's message instead.
        submitDisabled = saving || (context.isScripted && !form.submitEnabled.value)
        conflict = form.conflict.value.map { conflict in
            ConflictModel(
                title: conflict.title,
                fields: conflict.fields.map { .init(label: $0.field.displayName, theirs: $0.theirs, mine: $0.mine) },
                path: path.path
            )
        }
        discard = form.discardConfirmation.value.map {
            ConfirmationModel($0, confirmAction: "discard", cancelAction: "keepEditing", path: path.path)
        }
    }
}

private extension FriendField {
    var inputType: String {
        switch self {
        case .phonenumber: "tel"
        case .email: "email"
        default: "text"
        }
    }

    var autocomplete: String {
        switch self {
        case .firstname: "given-name"
        case .lastname: "family-name"
        case .phonenumber: "tel"
        case .email: "email"
        case .organization: "organization"
        case .birthday: "bday"
        case .about: "off"
        }
    }
}

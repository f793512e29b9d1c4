import FriendsAPI
import FriendsViewModels
import WebUI

/// The add or update form as a value: a pure function of the form view model's outputs.
struct FormPageModel {
    /// A text field or a list of entries, in the form's order.
    struct Part {
        let field: Field?
        let entries: FormEntriesModel?
    }

    struct Field {
        let name: String
        let label: String
        let value: String
        let type: String
        let isMultiline: Bool
        let message: String?
        let autocomplete: String
        /// An example of the form the field takes (the birthday's), shown while it is empty.
        let placeholder: String?
        /// The most the browser lets one type or paste, the field's rule (a long paste would
        /// otherwise make a form too large to send).
        let maxLength: Int
        let takesFocus: Bool
        /// One of the names a friend needs one of: the hint that says so describes it.
        let namesHint: Bool
    }

    struct ConflictModel {
        struct Choice {
            let label: String
            /// `nil` for an empty value: the page says "none" to a screen reader and shows a dash.
            let theirs: String?
            let mine: String?
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
    /// Which names a friend needs, above the fields.
    let nameHint: String
    let parts: [Part]
    let submitDisabled: Bool
    /// "Submit", or "Add as New" for a friend deleted elsewhere.
    let submitTitle: String
    /// What pressing it sends: `save`, or `addAsNew`, so that a page drawn before the friend was
    /// deleted, whose button said Submit, adds nobody anew (`FriendsWebApp.receiveFormAction`).
    let submitAction: String
    let conflict: ConflictModel?
    let discard: ConfirmationModel?
    /// Sent with the form: a form sent after the app restarted is filled in again only over the
    /// version it was drawn from (`FriendsWebApp.restore`).
    let editedVersionTag: String?

    @MainActor
    init(form: FriendFormViewModel, path: FriendsWebPath, list: FriendsListViewModel, alert: Alert?, context: PageContext) {
        let saving = form.showLoadingHud.value
        chrome = PageChrome(
            screenTitle: form.title, connection: list.connectionStatus.value, loading: saving ? "Saving..." : nil,
            alert: alert, path: path.path, context: context
        )
        title = form.title
        self.path = path.path
        notice = form.notice.value
        nameHint = form.nameHint
        let values = form.fields.value
        let messages = form.fieldMessages.value
        let dialogOpen = form.conflict.value != nil || form.discardConfirmation.value != nil || alert != nil
        let focused = dialogOpen ? nil : Self.focus(of: form)
        parts = FriendFormViewModel.parts.map { part in
            switch part {
            case .field(let field):
                let model = Field(
                    name: field.rawValue, label: field.displayName, value: values.value(of: field),
                    type: field.inputType, isMultiline: field == .about, message: messages[field],
                    autocomplete: field.autocomplete, placeholder: field == .birthday ? "1815-12-10, or --12-10" : nil,
                    maxLength: FriendValidation.maximumLength(of: field), takesFocus: focused == .field(field),
                    namesHint: [.firstname, .lastname, .organization].contains(field)
                )
                return Part(field: model, entries: nil)
            case .entries(let kind):
                let entries = form.entries(kind).value
                let focusedEntry = entries.first { focused == .entry(kind, $0.id) }?.id
                return Part(field: nil, entries: FormEntriesModel(kind, entries: entries, focused: focusedEntry))
            }
        }
        // An incomplete form can be submitted: that shows every field's message. An unchanged
        // update form too: the page learns of typing only after it (a click right after typing
        // must not meet a disabled button), and submitting it says there is nothing to save.
        submitDisabled = saving
        submitTitle = form.submitTitle
        submitAction = form.addsAsNew.value ? "addAsNew" : "save"
        editedVersionTag = form.editedVersionTag
        conflict = form.conflict.value.map { conflict in
            ConflictModel(
                title: conflict.title,
                fields: conflict.fields.map {
                    .init(label: $0.title, theirs: $0.theirs.isEmpty ? nil : $0.theirs, mine: $0.mine.isEmpty ? nil : $0.mine)
                },
                path: path.path
            )
        }
        discard = form.discardConfirmation.value.map {
            ConfirmationModel($0, confirmAction: "discard", cancelAction: "keepEditing", path: path.path)
        }
    }
}

extension FormPageModel {
    /// The text fields (the preferred phone number and email address are entries).
    var fields: [Field] {
        parts.compactMap(\.field)
    }

    /// The lists of entries.
    var entryLists: [FormEntriesModel] {
        parts.compactMap(\.entries)
    }

    enum Focus: Equatable {
        case field(FriendField)
        case entry(ContactEntryKind, ContactEntry.ID)
    }

    /// Where the page puts the focus: on an entry just added (still empty), where the user goes
    /// on typing after Add phone; else on the first field or entry with a message; else on the
    /// first name.
    @MainActor
    static func focus(of form: FriendFormViewModel) -> Focus {
        let messages = form.fieldMessages.value
        var added: Focus?
        var firstWithMessage: Focus?
        for part in FriendFormViewModel.parts {
            switch part {
            case .field(let field):
                if messages[field] != nil { firstWithMessage = firstWithMessage ?? .field(field) }
            case .entries(let kind):
                for entry in form.entries(kind).value {
                    if entry.message != nil { firstWithMessage = firstWithMessage ?? .entry(kind, entry.id) }
                    if FriendValidation.trim(entry.value).isEmpty { added = .entry(kind, entry.id) }
                }
            }
        }
        return added ?? firstWithMessage ?? .field(.firstname)
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

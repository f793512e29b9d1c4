import FriendsAPI
import FriendsViewModels

/// The phone numbers or email addresses of the form as the page draws them: each entry an input
/// with a label select, Make preferred (or "Preferred") and Remove, then an Add button. Every
/// control is named by the entry's identity, so a post reaches the entry it was drawn for.
struct FormEntriesModel {
    struct Entry {
        struct Choice {
            let label: String
            let title: String
            let isSelected: Bool
        }

        /// `entry-3`: the input's id and name; the select and the message add `-label`, `-message`.
        let inputID: String
        let labelID: String
        let messageID: String
        /// Make preferred and Remove, named by the value: a region of its own, so the names follow
        /// what the user types (with the script).
        let actionsID: String
        let value: String
        let type: String
        let autocomplete: String
        let maxLength: Int
        /// "Phone 1": the input's label; "Label of phone 1": the select's.
        let inputName: String
        let labelName: String
        let choices: [Choice]
        let isPreferred: Bool
        let preferAction: String
        let removeAction: String
        /// "Make preferred: phone 0501234567", "Remove phone 0501234567".
        let preferName: String
        let removeName: String
        let message: String?
        let takesFocus: Bool
        /// Where Remove leaves the focus: the next entry, else the one before, else Add.
        let focusAfterRemoval: String
    }

    /// `phones`, `emails`.
    let id: String
    /// "Phone", "Email".
    let title: String
    let entries: [Entry]
    let addAction: String
    /// "Add phone", "Add email".
    let addTitle: String

    init(_ kind: ContactEntryKind, entries: [ContactEntry], focused: ContactEntry.ID?) {
        id = "\(kind.rawValue)s"
        title = kind.title
        addAction = FormEntryAction.add(kind).value
        addTitle = "Add \(kind.title.lowercased())"
        let inputIDs = entries.map { FormEntryAction.inputName(of: $0.id) }
        let addAction = addAction
        self.entries = entries.enumerated().map { index, entry in
            let inputID = inputIDs[index]
            let position = "\(kind.title.lowercased()) \(entry.position)"
            return Entry(
                inputID: inputID, labelID: FormEntryAction.labelName(of: entry.id), messageID: "\(inputID)-message",
                actionsID: "\(inputID)-actions",
                value: entry.value, type: kind == .phone ? "tel" : "email", autocomplete: kind == .phone ? "tel" : "email",
                maxLength: FriendValidation.maximumLength(of: kind.field),
                inputName: "\(kind.title) \(entry.position)\(entry.isPreferred ? " (preferred)" : "")", labelName: "Label of \(position)",
                choices: entry.labelChoices.map { Entry.Choice(label: $0.label, title: $0.title, isSelected: $0.label == entry.label) },
                isPreferred: entry.isPreferred,
                preferAction: FormEntryAction.makePreferred(entry.id).value, removeAction: FormEntryAction.remove(entry.id).value,
                preferName: "Make preferred: \(entry.name)", removeName: "Remove \(entry.name)",
                message: entry.message, takesFocus: entry.id == focused,
                focusAfterRemoval: index + 1 < inputIDs.count ? inputIDs[index + 1] : index > 0 ? inputIDs[index - 1] : addAction
            )
        }
    }
}

/// What a button of an entry list asks for, as the value of the form's `action`, and the names
/// of an entry's input and label select.
enum FormEntryAction: Equatable {
    case add(ContactEntryKind)
    case remove(ContactEntry.ID)
    case makePreferred(ContactEntry.ID)

    var value: String {
        switch self {
        case .add(let kind): "add-\(kind.rawValue)"
        case .remove(let id): "remove-\(id)"
        case .makePreferred(let id): "prefer-\(id)"
        }
    }

    init?(_ value: String) {
        let parts = value.split(separator: "-", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        if parts[0] == "add", let kind = ContactEntryKind(rawValue: parts[1]) {
            self = .add(kind)
            return
        }
        guard parts[1].allSatisfy(\.isASCII), let number = Int(parts[1]) else { return nil }
        switch parts[0] {
        case "remove": self = .remove(ContactEntry.ID(rawValue: number))
        case "prefer": self = .makePreferred(ContactEntry.ID(rawValue: number))
        default: return nil
        }
    }

    static func inputName(of id: ContactEntry.ID) -> String {
        "entry-\(id)"
    }

    static func labelName(of id: ContactEntry.ID) -> String {
        "entry-\(id)-label"
    }
}

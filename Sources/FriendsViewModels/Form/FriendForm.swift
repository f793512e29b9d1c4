import FriendsAPI

/// What the add/update form holds and which validation messages it shows.
///
/// A field's own message shows once the user has changed that field, or for every field after a
/// submit was attempted with invalid input. A message the server sent for a field shows until the
/// user changes that field. Phone numbers and email addresses are lists (`EntryList`) whose
/// entries follow the same rules; `phonenumber` and `email` are their preferred (first) entries.
struct FriendForm: Equatable {
    /// The text fields; its `phonenumber` and `email` are not used (see `values`).
    private var text: NewFriend
    /// The values the form was opened with: what they already hold is not judged again (a card
    /// may bring more than the rules let a client write, a long note say).
    private let loaded: NewFriend
    private(set) var phones: EntryList
    private(set) var emails: EntryList
    private var lastID: Int
    private var touchedFields: Set<FriendField> = []
    private var serverMessages: [FriendField: String] = [:]

    /// A form holding `values`, lists included.
    init(_ values: NewFriend) {
        var lastID = 0
        let makeID = {
            lastID += 1
            return ContactEntry.ID(rawValue: lastID)
        }
        text = values
        loaded = values
        phones = EntryList(.phone, values.phones, makeID: makeID)
        emails = EntryList(.email, values.emails, makeID: makeID)
        self.lastID = lastID
    }

    /// What each field holds now, the preferred phone number and email address as `phonenumber`
    /// and `email` (the lists are in `phones` and `emails`).
    var values: NewFriend {
        var values = text
        values.phonenumber = phones.preferredValue
        values.email = emails.preferredValue
        values.phones = []
        values.emails = []
        return values
    }

    /// What the user has made of the friend: the text fields as typed, both lists as saved.
    var edited: NewFriend {
        var edited = values
        edited.phones = phones.values
        edited.emails = emails.values
        return edited
    }

    /// What saving sends: every field trimmed, with both lists, entries left empty dropped.
    var saved: NewFriend {
        edited.trimmed
    }

    var isValid: Bool {
        failures.isEmpty && phones.isValid && emails.isValid
    }

    private var failures: [String: String] {
        let values = values
        var failures = FriendValidation.failures(of: values)
        for field in FriendField.allCases
        where values.value(of: field) == loaded.value(of: field) && failures[field.rawValue] != FriendValidation.nameMissingMessage {
            failures[field.rawValue] = nil
        }
        return failures
    }

    /// The message to show beside each field that has one; `phonenumber` and `email` have the
    /// preferred entry's. That a name is missing is said once, beside the first name field that
    /// would show it: the three fields share one rule.
    var messages: [FriendField: String] {
        var messages: [FriendField: String] = [:]
        let failures = failures
        for field in touchedFields {
            messages[field] = failures[field.rawValue]
        }
        messages[.phonenumber] = phones.shown.first?.message
        messages[.email] = emails.shown.first?.message
        messages.merge(serverMessages) { _, server in server }
        let nameFields: [FriendField] = [.firstname, .lastname, .organization]
        let saying = nameFields.filter { messages[$0] == FriendValidation.nameMissingMessage }
        for field in saying.dropFirst() { messages[field] = nil }
        return messages
    }

    func list(_ kind: ContactEntryKind) -> EntryList {
        kind == .phone ? phones : emails
    }

    // MARK: Text fields

    /// `phonenumber` and `email` change the preferred entry (adding one when there is none).
    mutating func change(_ field: FriendField, to text: String) {
        if let kind = ContactEntryKind(preferredIn: field) {
            if let id = list(kind).entries.first?.id ?? addEntry(kind) {
                changeValue(of: id, to: text)
            }
            return
        }
        self.text.set(field, to: text)
        touchedFields.insert(field)
        serverMessages[field] = nil
    }

    /// Shows `values` instead (a merge after a conflict); which messages show stays as it was. A
    /// list that differs from the one shown is replaced, its entries with new identities.
    mutating func replaceValues(with values: NewFriend) {
        text = values
        serverMessages = [:]
        phones.clearServerMessages()
        emails.clearServerMessages()
        if values.phones != phones.values { replaceList(.phone, with: values.phones) }
        if values.emails != emails.values { replaceList(.email, with: values.emails) }
    }

    mutating func replaceList(_ kind: ContactEntryKind, with values: [LabeledValue]) {
        var lastID = self.lastID
        let list = EntryList(kind, values) {
            lastID += 1
            return ContactEntry.ID(rawValue: lastID)
        }
        self.lastID = lastID
        if kind == .phone { phones = list } else { emails = list }
    }

    /// A submit was attempted: every field's and entry's message shows from now on.
    mutating func revealAllMessages() {
        touchedFields = Set(FriendField.allCases)
        phones.revealAllMessages()
        emails.revealAllMessages()
    }

    /// Shows the server's messages for the fields of this form (`phonenumber` and `email` on the
    /// preferred entries); false when none named one of them.
    mutating func showServerMessages(_ fields: [String: String]) -> Bool {
        serverMessages = [:]
        phones.clearServerMessages()
        emails.clearServerMessages()
        var shown = false
        for (name, message) in fields {
            guard let field = FriendField(rawValue: name) else { continue }
            if let kind = ContactEntryKind(preferredIn: field) {
                guard let preferred = list(kind).entries.first else { continue }
                edit(kind) { $0.showServerMessage(message, on: preferred.id) }
            } else {
                serverMessages[field] = message
            }
            shown = true
        }
        return shown
    }

    // MARK: Entries

    /// Adds an empty entry at the end; `nil` when the list is full.
    @discardableResult
    mutating func addEntry(_ kind: ContactEntryKind) -> ContactEntry.ID? {
        guard list(kind).hasRoom else { return nil }
        let id = makeID()
        edit(kind) { $0.add(id) }
        return id
    }

    mutating func removeEntry(_ id: ContactEntry.ID) {
        edit(containing: id) { $0.remove(id) }
    }

    mutating func changeValue(of id: ContactEntry.ID, to value: String) {
        edit(containing: id) { $0.changeValue(of: id, to: value) }
    }

    mutating func changeLabel(of id: ContactEntry.ID, to label: String) {
        edit(containing: id) { $0.changeLabel(of: id, to: label) }
    }

    mutating func makePreferred(_ id: ContactEntry.ID) {
        edit(containing: id) { $0.makePreferred(id) }
    }

    private mutating func edit(_ kind: ContactEntryKind, _ change: (inout EntryList) -> Void) {
        if kind == .phone { change(&phones) } else { change(&emails) }
    }

    private mutating func edit(containing id: ContactEntry.ID, _ change: (inout EntryList) -> Void) {
        if phones.contains(id) { change(&phones) } else if emails.contains(id) { change(&emails) }
    }

    private mutating func makeID() -> ContactEntry.ID {
        lastID += 1
        return ContactEntry.ID(rawValue: lastID)
    }
}

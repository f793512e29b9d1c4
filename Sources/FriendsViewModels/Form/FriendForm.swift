import FriendsAPI

/// What the add/update form holds and which validation messages it shows.
///
/// A field's own message shows once the user has changed that field, or for every field after a
/// submit was attempted with invalid input. A message the server sent for a field shows until the
/// user changes that field.
struct FriendForm: Equatable {
    private(set) var values: NewFriend
    private var touchedFields: Set<FriendField> = []
    private var serverMessages: [FriendField: String] = [:]

    init(_ values: NewFriend) {
        self.values = values
    }

    var isValid: Bool {
        FriendValidation.isValid(values)
    }

    /// The message to show beside each field that has one.
    var messages: [FriendField: String] {
        var messages: [FriendField: String] = [:]
        let failures = FriendValidation.failures(of: values)
        for field in touchedFields {
            messages[field] = failures[field.rawValue]
        }
        return messages.merging(serverMessages) { _, server in server }
    }

    mutating func change(_ field: FriendField, to text: String) {
        values.set(field, to: text)
        touchedFields.insert(field)
        serverMessages[field] = nil
    }

    /// Shows `values` instead (a merge after a conflict); which messages show stays as it was.
    mutating func replaceValues(with values: NewFriend) {
        self.values = values
        serverMessages = [:]
    }

    /// A submit was attempted: every field's message shows from now on.
    mutating func revealAllMessages() {
        touchedFields = Set(FriendField.allCases)
    }

    /// Shows the server's messages for the fields of this form; false when none named one of them.
    mutating func showServerMessages(_ fields: [String: String]) -> Bool {
        serverMessages = Dictionary(uniqueKeysWithValues: fields.compactMap { name, text in
            FriendField(rawValue: name).map { ($0, text) }
        })
        return !serverMessages.isEmpty
    }
}

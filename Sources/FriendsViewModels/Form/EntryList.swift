import FriendsAPI

/// The phone numbers or the email addresses being edited, the preferred one first, and which of
/// their messages show (as `FriendForm` does for its text fields).
struct EntryList: Equatable {
    struct Entry: Equatable {
        let id: ContactEntry.ID
        var label: String
        var value: String
        /// The label the entry came with: it stays among the choices.
        let arrivedWithLabel: String
        /// The value it came with, which is not judged again (as `FriendForm` does).
        let arrivedWithValue: String
    }

    let kind: ContactEntryKind
    private(set) var entries: [Entry] = []
    private var touched: Set<ContactEntry.ID> = []
    private var showsAllMessages = false
    private var serverMessages: [ContactEntry.ID: String] = [:]

    /// The list as stored in `values`, each entry with a new identity from `makeID`.
    init(_ kind: ContactEntryKind, _ values: [LabeledValue], makeID: () -> ContactEntry.ID) {
        self.kind = kind
        entries = values.map { Entry(id: makeID(), label: $0.label, value: $0.value, arrivedWithLabel: $0.label, arrivedWithValue: $0.value) }
    }

    /// What is saved: trimmed, without the entries left empty, the preferred one first.
    var values: [LabeledValue] {
        entries.map { LabeledValue(label: $0.label, value: $0.value).trimmed }.filter { !$0.value.isEmpty }
    }

    var preferredValue: String {
        entries.first?.value ?? ""
    }

    func contains(_ id: ContactEntry.ID) -> Bool {
        entries.contains { $0.id == id }
    }

    /// Every entry as the views show it.
    var shown: [ContactEntry] {
        entries.enumerated().map { index, entry in
            ContactEntry(
                id: entry.id, kind: kind, label: entry.label, value: entry.value, isPreferred: index == 0,
                position: index + 1, message: message(of: entry), labelChoices: labelChoices(of: entry)
            )
        }
    }

    /// True when no entry has anything wrong (messages shown or not).
    var isValid: Bool {
        entries.allSatisfy { rule(of: $0) == nil }
    }

    var hasRoom: Bool {
        entries.count < FriendValidation.maximumListLength
    }

    // MARK: Editing

    mutating func add(_ id: ContactEntry.ID) {
        entries.append(Entry(id: id, label: kind.newLabel, value: "", arrivedWithLabel: kind.newLabel, arrivedWithValue: ""))
    }

    mutating func remove(_ id: ContactEntry.ID) {
        entries.removeAll { $0.id == id }
        touched.remove(id)
        serverMessages[id] = nil
    }

    mutating func changeValue(of id: ContactEntry.ID, to value: String) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
        entries[index].value = value
        touched.insert(id)
        serverMessages[id] = nil
    }

    mutating func changeLabel(of id: ContactEntry.ID, to label: String) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
        entries[index].label = label
        touched.insert(id)
        serverMessages[id] = nil
    }

    /// Moves the entry to the front: the preferred one goes first on the wire.
    mutating func makePreferred(_ id: ContactEntry.ID) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
        entries.insert(entries.remove(at: index), at: 0)
    }

    /// A submit was attempted: every entry's message shows from now on.
    mutating func revealAllMessages() {
        showsAllMessages = true
    }

    mutating func showServerMessage(_ message: String, on id: ContactEntry.ID) {
        serverMessages[id] = message
    }

    mutating func clearServerMessages() {
        serverMessages = [:]
    }

    // MARK: Messages

    private func message(of entry: Entry) -> String? {
        if let server = serverMessages[entry.id] { return server }
        guard showsAllMessages || touched.contains(entry.id) else { return nil }
        return rule(of: entry)
    }

    /// The rule of the value's field (an empty value is fine: it is not saved), and the label's length.
    private func rule(of entry: Entry) -> String? {
        if entry.value != entry.arrivedWithValue, let message = FriendValidation.message(for: kind.field, value: entry.value) { return message }
        if entry.label != entry.arrivedWithLabel, entry.label.unicodeScalars.count > FriendValidation.maximumLabelLength {
            return "The label must be at most \(FriendValidation.maximumLabelLength) characters."
        }
        return nil
    }

    private func labelChoices(of entry: Entry) -> [ContactEntry.LabelChoice] {
        let labels = kind.usualLabels
        let own = [entry.arrivedWithLabel, entry.label].filter { !labels.contains($0) }
        var seen = Set<String>()
        return (labels + own).filter { seen.insert($0).inserted }.map(ContactEntry.LabelChoice.init)
    }
}

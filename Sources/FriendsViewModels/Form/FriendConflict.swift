import FriendsAPI

/// A save that met a change made elsewhere: for each field both sides changed differently,
/// what is stored now ("theirs") beside what the user typed ("mine").
public struct FriendConflict: Equatable, Sendable {
    public struct Field: Equatable, Sendable {
        public let field: FriendField
        /// What the field is called: "Last name"; "Phone numbers" for the whole list.
        public let title: String
        public let theirs: String
        public let mine: String
        /// The stored list, when the field is one (`phonenumber` or `email` stand for the list).
        let theirsList: [LabeledValue]?

        init(field: FriendField, theirs: String, mine: String) {
            self.field = field
            title = field.displayName
            self.theirs = theirs
            self.mine = mine
            theirsList = nil
        }

        init(list kind: ContactEntryKind, theirs: [LabeledValue], mine: [LabeledValue]) {
            field = kind.field
            title = kind == .phone ? "Phone numbers" : "Emails"
            self.theirs = Self.text(of: theirs)
            self.mine = Self.text(of: mine)
            theirsList = theirs
        }

        /// "0501234567 (mobile), 020 7946 0000 (work)"; empty for an empty list, as for an empty
        /// field (each view says "none" its own way).
        private static func text(of list: [LabeledValue]) -> String {
            list.map { $0.label.isEmpty ? $0.value : "\($0.value) (\($0.label))" }.joined(separator: ", ")
        }
    }

    /// "Ada Lovelace was changed elsewhere."
    public let title: String
    /// The fields to decide on, in form order.
    public let fields: [Field]
}

/// Three-way merge of the form: what the form started from (`base`), what is stored now
/// (`theirs`) and what the user typed (`mine`), lists included. A field or list changed on one
/// side only takes that side's value; one both sides changed differently is a conflict (a list
/// is one thing here: two people reordering or relabelling numbers at once should be asked).
struct FriendMerge {
    let merged: NewFriend
    let conflicts: [FriendConflict.Field]

    init(base: NewFriend, theirs: NewFriend, mine: NewFriend) {
        var merged = mine
        var conflicts: [FriendConflict.Field] = []
        for field in FriendField.allCases {
            if let kind = ContactEntryKind(preferredIn: field) {
                let original = base.list(kind), stored = theirs.list(kind), typed = mine.list(kind)
                guard stored != original, stored != typed else { continue }
                if typed == original {
                    merged.setList(kind, to: stored)
                } else {
                    conflicts.append(FriendConflict.Field(list: kind, theirs: stored, mine: typed))
                }
                continue
            }
            let original = base.value(of: field)
            let stored = theirs.value(of: field)
            let typed = mine.value(of: field)
            let typedValue = FriendValidation.trim(typed)
            guard stored != original, stored != typedValue else { continue }
            if typedValue == original {
                merged.set(field, to: stored)
            } else {
                conflicts.append(FriendConflict.Field(field: field, theirs: stored, mine: typed))
            }
        }
        self.merged = merged
        self.conflicts = conflicts
    }
}

extension NewFriend {
    func list(_ kind: ContactEntryKind) -> [LabeledValue] {
        kind == .phone ? phones : emails
    }

    mutating func setList(_ kind: ContactEntryKind, to list: [LabeledValue]) {
        if kind == .phone { phones = list } else { emails = list }
    }
}

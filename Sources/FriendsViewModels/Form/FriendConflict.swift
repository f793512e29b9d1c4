import FriendsAPI

/// A save that met a change made elsewhere: for each field both sides changed differently,
/// what is stored now ("theirs") beside what the user typed ("mine").
public struct FriendConflict: Equatable, Sendable {
    public struct Field: Equatable, Sendable {
        public let field: FriendField
        public let theirs: String
        public let mine: String
    }

    /// "Ada Lovelace was changed elsewhere."
    public let title: String
    /// The fields to decide on, in form order.
    public let fields: [Field]
}

/// Three-way merge of the form: what the form started from (`base`), what is stored now
/// (`theirs`) and what the user typed (`mine`). A field changed on one side only takes that
/// side's value; a field both sides changed differently is a conflict.
struct FriendMerge {
    let merged: NewFriend
    let conflicts: [FriendConflict.Field]

    init(base: NewFriend, theirs: NewFriend, mine: NewFriend) {
        var merged = mine
        var conflicts: [FriendConflict.Field] = []
        for field in FriendField.allCases {
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

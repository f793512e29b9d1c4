import FriendsAPI

extension MigrationStep {
    /// Rows `rederiveFromCards` reads at a time: each holds a whole card, which may hold a photo.
    package static let rederiveBatchSize = 200

    /// The rows `rederiveFromCards` reads (the same SQL on SQLite and PostgreSQL): every card with
    /// the columns derived from it, in id order after `?`/`$1`.
    package static func cardRows(table: String, after placeholder: String) -> String {
        """
        SELECT id, card, firstname, lastname, phonenumber, email, about, details,
            sort_last, sort_first, search_full, phone_digits, search_extra
        FROM \(table) WHERE id > \(placeholder) AND card <> '' ORDER BY id LIMIT \(rederiveBatchSize)
        """
    }

    /// The columns `rederiveFromCards` writes, in the order of `rederivedValues(of:)`; the card,
    /// its `UID` and its resource name stay as they are.
    package static let rederivedColumnNames = [
        "firstname", "lastname", "phonenumber", "email", "about", "details",
        "sort_last", "sort_first", "search_full", "phone_digits", "search_extra",
    ]

    package static func rederivedValues(of record: FriendRecord) -> [String] {
        let friend = record.friend
        let search = record.search
        return [
            friend.firstname, friend.lastname, friend.phonenumber, friend.email, friend.about, record.details,
            search.lastname, search.firstname, search.fullName, search.phoneDigits, search.extra,
        ]
    }

    /// What the stored `card` gives today, when that differs from what its row shows or is found
    /// by (`stored`, the text columns of `cardRows` after the card); nil when it does not, or when
    /// the card no longer reads. The details are compared as the friend they make, so that a
    /// column written by an older writer in another spelling is not rewritten for nothing.
    package static func rederived(card text: String, stored: [String]) -> FriendRecord? {
        guard stored.count == rederivedColumnNames.count, let card = try? FriendRecord.card(from: text) else { return nil }
        // The friend and its search columns first: the whole record also writes the card's text.
        let friend = card.friend(id: 0)
        let search = card.isGroup ? SearchColumns.unsearchable : SearchColumns(friend)
        var shown = Friend(
            id: 0, firstname: stored[0], lastname: stored[1], phonenumber: stored[2], email: stored[3], about: stored[4]
        )
        FriendDetails.apply(stored[5], to: &shown)
        guard shown != friend || Array(stored[6...]) != [search.lastname, search.firstname, search.fullName, search.phoneDigits, search.extra]
        else { return nil }
        return FriendRecord(card: card, showing: friend)
    }
}

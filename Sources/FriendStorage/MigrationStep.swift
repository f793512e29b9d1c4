import FriendsAPI

/// One step of a schema version: a statement, or work that needs Swift.
package enum MigrationStep: ExpressibleByStringInterpolation, Sendable {
    case sql(String)
    /// Computes the folded sort and search columns of every stored friend again with
    /// `SearchText.fold`, after the folding changed; only rows with non-ASCII names can change.
    case refoldSearchColumns
    /// Gives every friend without a card (every friend, when the schema gains cards) a vCard 3.0
    /// card made of its fields, with a new `UID`, and the columns derived from it
    /// (`FriendRecord`); logs one `reset` when there was any, so that every view reloads once.
    case makeCards
    /// Computes `phone_digits` of every friend with details again (`SearchColumns.phoneDigits`):
    /// it held the preferred number's digits only, and holds every number's now.
    case rederivePhoneDigits
    /// Marks every stored group card (`VCard.isGroup`) as a group, with the empty search columns
    /// of one (`FriendRecord`): before, groups were kept as friends.
    case markGroups
    /// Computes every friend's columns from its card again, after the reading of cards changed (a
    /// `TEL` or `EMAIL` without a value is no phone or e-mail, a birthday in the year 0000 has no
    /// year, …). A friend whose columns change gets a new version, a logged change, so that every
    /// view and every cached entity tag moves on.
    case rederiveFromCards

    package init(stringLiteral statement: String) {
        self = .sql(statement)
    }

    /// Rows read and written at a time by `refoldSearchColumns`, `makeCards`, `rederivePhoneDigits` and `markGroups`.
    package static let refoldBatchSize = 5_000

    /// The rows `refoldSearchColumns` reads (the same SQL on SQLite and PostgreSQL): names with a
    /// character outside ASCII, whose folding may have changed, in id order after `?`/`$1`.
    package static func refoldCandidates(table: String, after placeholder: String) -> String {
        """
        SELECT id, firstname, lastname, sort_last, sort_first, search_full FROM \(table)
        WHERE id > \(placeholder) AND (octet_length(firstname) <> length(firstname) OR octet_length(lastname) <> length(lastname))
        ORDER BY id LIMIT \(refoldBatchSize)
        """
    }
}

extension MigrationStep {
    /// The rows `makeCards` reads (the same SQL on SQLite and PostgreSQL), in id order after `?`/`$1`.
    package static func cardlessRows(table: String, after placeholder: String) -> String {
        "SELECT id, firstname, lastname, phonenumber, email, about FROM \(table) WHERE id > \(placeholder) AND card = '' ORDER BY id LIMIT \(refoldBatchSize)"
    }
}

extension MigrationStep {
    /// The rows `rederivePhoneDigits` reads (the same SQL on SQLite and PostgreSQL), in id order after `?`/`$1`.
    package static func phoneRows(table: String, after placeholder: String) -> String {
        "SELECT id, phonenumber, details, phone_digits FROM \(table) WHERE id > \(placeholder) AND details <> '' ORDER BY id LIMIT \(refoldBatchSize)"
    }

    /// `phone_digits` of a row with the preferred number `phonenumber` and the details column `details`.
    package static func phoneDigits(phonenumber: String, details: String) -> String {
        var friend = Friend(id: 0, firstname: "", lastname: "", phonenumber: phonenumber)
        FriendDetails.apply(details, to: &friend)
        return SearchColumns.phoneDigits(of: friend)
    }
}

extension MigrationStep {
    /// The rows `markGroups` reads (the same SQL on SQLite and PostgreSQL): cards that may say they
    /// are groups, in id order after `?`/`$1`. `KIND` in any case is in every group's text once its
    /// folded lines (a line end, then a space or a tab, which may split a name) are joined.
    package static func groupCandidates(table: String, after placeholder: String) -> String {
        let unfolded = ["\r\n ", "\r\n\t", "\n ", "\n\t"].reduce("card") { "replace(\($0), '\($1)', '')" }
        return """
            SELECT id, card FROM \(table) WHERE id > \(placeholder) AND upper(\(unfolded)) LIKE '%KIND%'
            ORDER BY id LIMIT \(refoldBatchSize)
            """
    }

    /// Whether the stored card `text` is a group's.
    package static func isGroup(card text: String) -> Bool {
        (try? FriendRecord.card(from: text))?.isGroup ?? false
    }
}

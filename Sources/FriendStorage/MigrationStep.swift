/// One step of a schema version: a statement, or work that needs Swift.
package enum MigrationStep: ExpressibleByStringInterpolation, Sendable {
    case sql(String)
    /// Computes the folded sort and search columns of every stored friend again with
    /// `SearchText.fold`, after the folding changed; only rows with non-ASCII names can change.
    case refoldSearchColumns

    package init(stringLiteral statement: String) {
        self = .sql(statement)
    }

    /// Rows read and written at a time by `refoldSearchColumns`.
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

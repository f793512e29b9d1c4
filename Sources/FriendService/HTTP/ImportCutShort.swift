import FriendStorage

/// An import the database failed under (down, busy, its disk full): answered as `cause` is, with
/// what was kept before it, as no report follows.
struct ImportCutShort: Error {
    let cause: FriendStoreError
    /// "12 cards were kept before that (…); import the file again …", nil when none was.
    let keptBefore: String?
}

extension FriendStoreError {
    /// Whether this failure ends an import: the database cannot keep cards now. A friend not found
    /// or changed meanwhile is the import's own to handle.
    var endsTheImport: Bool {
        switch self {
        case .unavailable, .busy, .diskFull: true
        case .notFound, .preconditionFailed: false
        }
    }
}

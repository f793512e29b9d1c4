/// Header names the API reads or writes.
public enum FriendsHTTPHeader {
    /// Strong entity tag of a single friend; changes on every update.
    public static let eTag = "ETag"
    /// Send the last `ETag` seen on `PATCH`/`DELETE`; a stale one gets `412`. `*` matches any existing friend.
    public static let ifMatch = "If-Match"
    /// `Bearer <token>` when the server has a token configured.
    public static let authorization = "Authorization"
    /// Path of the friend a `POST /friends` created.
    public static let location = "Location"
    public static let cacheControl = "Cache-Control"
    public static let contentType = "Content-Type"
    /// The sequence of the last change seen, to resume the change feed after it.
    public static let lastEventID = "Last-Event-ID"
    /// How many seconds to wait before asking again, with a `429` or a `503`.
    public static let retryAfter = "Retry-After"

    /// The `Authorization` value for a token.
    public static func bearer(_ token: String) -> String {
        "Bearer \(token)"
    }
}

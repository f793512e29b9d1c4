/// Why a request to FriendService failed.
///
/// Every operation of `AppServerClient` throws exactly one of these, once.
public enum AppServerError: Error, Equatable, Sendable {
    /// 401: the server needs a (different) bearer token.
    case unauthorized
    /// 404: no such friend (or no such route on this server).
    case notFound
    /// 412: the `If-Match` tag is stale; someone else changed the friend since it was loaded.
    case conflict
    /// 400, 413 or 422: the request was refused; `fields` maps wire field names to messages.
    case invalid(message: String, fields: [String: String])
    /// 429: the server holds back requests like this one for a while (after failed sign-ins);
    /// `retryAfter` is how many seconds its `Retry-After` said to wait, when it said.
    case throttled(message: String?, retryAfter: Int?)
    /// Any other status that is not a success, e.g. 500 or 503.
    case server(status: Int, message: String?)
    /// No connection to the server could be made, or it went away mid-request.
    case unreachable
    /// The server did not answer in time.
    case timedOut
    /// A success status with a body that is not what the route promises.
    case undecodable
    /// The calling task was cancelled; nothing to show to the user.
    case cancelled
}

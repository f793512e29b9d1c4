import Hummingbird

/// `If-None-Match` of a `GET`: whether the client's copy is still the current one, in which case
/// the answer is `304 Not Modified` with the tag and no body.
enum IfNoneMatch {
    /// True when a tag of `If-None-Match` is `tag` or `*`. Comparison is weak (RFC 9110 13.1.2):
    /// `W/"x"` matches `"x"`.
    static func matches(_ tag: String, in headers: HTTPFields) -> Bool {
        EntityTag.listed(headers[values: .ifNoneMatch]).contains { candidate in
            candidate == "*" || candidate == tag || (candidate.hasPrefix("W/") && candidate.dropFirst(2) == tag)
        }
    }

    /// `304 Not Modified` carrying the current tag (and any other validators in `headers`).
    static func notModified(headers: HTTPFields) -> Response {
        Response(status: .notModified, headers: headers)
    }
}

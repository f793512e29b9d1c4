import NIOHTTP1

extension HTTPRequestHead {
    /// The request with a target the router matches: an absolute-form one in origin form, and
    /// `OPTIONS *`, which asks what the server as a whole can do (RFC 9110 §9.3.7), as `OPTIONS /`.
    func routable() -> HTTPRequestHead {
        if method == .OPTIONS, uri == "*" {
            var head = self
            head.uri = "/"
            return head
        }
        return inOriginForm() ?? self
    }

    /// The request with an absolute-form target (`GET http://localhost:8080/friends`) in origin form:
    /// its path and query as the target, its authority as `Host`. RFC 9112 §3.2.2 has an origin
    /// server accept the form and take the host from it, ignoring `Host`; the host check then sees
    /// that name. `nil` for a target not of that form, or one whose authority is empty or carries
    /// a user name.
    func inOriginForm() -> HTTPRequestHead? {
        let target = uri
        guard !target.hasPrefix("/"), let separator = target.range(of: "://") else { return nil }
        let scheme = target[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let rest = target[separator.upperBound...]
        let pathStart = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = rest[..<pathStart]
        guard !authority.isEmpty, !authority.contains("@"), !rest.contains("#") else { return nil }
        let path = rest[pathStart...]
        var head = self
        head.uri = path.hasPrefix("/") ? String(path) : "/" + path
        head.headers.replaceOrAdd(name: "Host", value: String(authority))
        return head
    }
}

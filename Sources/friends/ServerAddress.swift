import Foundation

/// The base URL of a running FriendService, as given with `--server`. Its path, when it has one,
/// is the base its routes go under (a FriendService behind a proxy at `https://host/friends-api`).
struct ServerAddress: Equatable, CustomStringConvertible {
    let url: URL

    /// Accepts only http and https URLs that name a host.
    init?(_ text: String) {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty
        else { return nil }
        self.url = url
    }

    var description: String { url.absoluteString }

    /// The path routes go under, without its last slash: "" for `http://host:8080/`.
    var basePath: String {
        let path = url.path
        return path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// The address without its path, such as `http://host:8080`.
    var root: String {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.path = ""
        components?.query = nil
        components?.fragment = nil
        return components?.string ?? description
    }
}

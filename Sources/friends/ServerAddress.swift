import Foundation

/// The base URL of a running FriendService, as given with `--server`.
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
}

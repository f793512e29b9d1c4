import Foundation

extension AppServerClient {
    /// FriendService is on this machine when the base URL names a loopback address (the embedded
    /// service, or one started beside the app).
    public var isOnThisMachine: Bool {
        guard let host = baseURL.host?.lowercased() else { return false }
        return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}

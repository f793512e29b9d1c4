import FriendsClient

extension LiveConnectionState {
    /// What a screen's header says about the live feed: "● live", "reconnecting…".
    public var statusText: String {
        switch self {
        case .connecting: "connecting…"
        case .live: "● live"
        case .reconnecting: "reconnecting…"
        case .offline: "offline"
        case .signedOut: "signed out: restart to sign in"
        }
    }
}

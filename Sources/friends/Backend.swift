/// Where the app's friends live.
enum Backend {
    /// A FriendService the app starts in its own process, over a SQLite file in `DataDirectory`.
    case embedded(DataDirectory)
    /// A FriendService that is already running somewhere.
    case remote(ServerAddress, token: String?)
}

/// A store that several server instances share, which hears of the changes any of them commits
/// (PostgreSQL's LISTEN/NOTIFY), so that each instance's live feed reads the log in time.
public protocol FriendChangeListening: FriendStore {
    /// Calls `announce` whenever a change is committed, by any instance, until cancelled;
    /// `onListening` runs each time listening (re)starts, since changes announced while not
    /// listening are lost and the caller must read the log to catch up.
    func listenForChanges(onListening: @escaping @Sendable () -> Void, announce: @escaping @Sendable () -> Void) async
}

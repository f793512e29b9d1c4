import FriendsAPI

extension FriendChange {
    /// A row of the change log, as both SQL stores keep it.
    package init(sequence: Int, kind: String, friend: Friend?, version: Int?) throws {
        self.init(sequence: sequence, event: .reset)
        switch (kind, friend, version) {
        case (Name.created, let friend?, let version?): event = .created(friend, version: version)
        case (Name.updated, let friend?, let version?): event = .updated(friend, version: version)
        case (Name.deleted, let friend?, _): event = .deleted(id: friend.id)
        case (Name.reset, _, _): event = .reset
        default: throw FriendStoreError.unavailable("unreadable change \(sequence): \(kind)")
        }
    }
}

extension LoggedChange {
    /// `change` to a card that was a group before it (`wasGroup`) or is one after it (`isGroup`),
    /// as friends' views hear it.
    package init(_ change: FriendChange, wasGroup: Bool, isGroup: Bool) {
        let heard: FriendChange.Event? = switch change.event {
        case .created: isGroup ? nil : change.event
        case .updated(let friend, let version):
            switch (wasGroup, isGroup) {
            case (false, false): change.event
            case (false, true): .deleted(id: friend.id)
            case (true, false): .created(friend, version: version)
            case (true, true): nil
            }
        case .deleted: wasGroup ? nil : change.event
        case .reset: change.event
        }
        self.init(sequence: change.sequence, change: heard.map { FriendChange(sequence: change.sequence, event: $0) })
    }
}

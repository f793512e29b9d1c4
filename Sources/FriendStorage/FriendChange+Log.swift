import FriendsAPI

extension FriendChange {
    /// A row of the change log, as both SQL stores keep it. A group's creation or update is told as
    /// a deletion: no group is a friend, and a card that became a group leaves every list.
    package init(sequence: Int, kind: String, friend: Friend?, version: Int?, isGroup: Bool = false) throws {
        self.init(sequence: sequence, event: .reset)
        switch (kind, friend, version) {
        case (Name.created, let friend?, _) where isGroup, (Name.updated, let friend?, _) where isGroup:
            event = .deleted(id: friend.id)
        case (Name.created, let friend?, let version?): event = .created(friend, version: version)
        case (Name.updated, let friend?, let version?): event = .updated(friend, version: version)
        case (Name.deleted, let friend?, _): event = .deleted(id: friend.id)
        case (Name.reset, _, _): event = .reset
        default: throw FriendStoreError.unavailable("unreadable change \(sequence): \(kind)")
        }
    }
}

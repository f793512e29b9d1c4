import FriendStorage

extension FriendReading {
    /// The friend of `uid`, or of another spelling of it (`UIDSpellings`).
    func friend(anySpellingOf uid: String) async throws -> StoredFriend? {
        if let found = try await friend(uid: uid) { return found }
        for spelling in UIDSpellings.others(of: uid) {
            if let found = try await friend(uid: spelling) { return found }
        }
        return nil
    }
}

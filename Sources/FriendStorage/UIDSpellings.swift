import Foundation

/// One contact's `UID` however an app spells it: vCard 4.0 apps write a UUID as `urn:uuid:<UUID>`
/// (RFC 6350 6.7.6) where 3.0 apps write it bare, Apple's apps in upper case and most others in
/// lower (RFC 9562: its hex digits are the same in either case). A card exported here and saved
/// again by another app, or put by another CardDAV client, is still the same contact.
package enum UIDSpellings {
    /// `uid` as one contact's key: a UUID without `urn:uuid:`, in lower case; any other `UID` as it is.
    package static func key(_ uid: String) -> String {
        let prefix = "urn:uuid:"
        let bare = uid.lowercased().hasPrefix(prefix) ? String(uid.dropFirst(prefix.count)) : uid
        return UUID(uuidString: bare) != nil ? bare.lowercased() : bare
    }

    /// `uid` and every other spelling of it a store may hold.
    package static func all(of uid: String) -> [String] {
        [uid] + others(of: uid)
    }

    /// The other spellings of `uid` a store may hold; none for a `UID` that is no UUID.
    package static func others(of uid: String) -> [String] {
        let key = key(uid)
        guard UUID(uuidString: key) != nil else { return [] }
        return [key, key.uppercased()]
            .flatMap { uuid in ["", "urn:uuid:", "URN:UUID:"].map { $0 + uuid } }
            .filter { $0 != uid }
    }
}

extension FriendReading {
    /// The friend of `uid`, or of another spelling of it (`UIDSpellings`).
    package func friend(anySpellingOf uid: String) async throws -> StoredFriend? {
        for spelling in UIDSpellings.all(of: uid) {
            if let found = try await friend(uid: spelling) { return found }
        }
        return nil
    }
}

import Foundation
import FriendStorage
import Hummingbird

/// Strong entity tags of friends, `"<id>-<version>"`, so every update gives a new tag, and of the list.
enum EntityTag {
    static func of(_ stored: StoredFriend) -> String {
        "\"\(stored.friend.id)-\(stored.version)\""
    }

    /// The tag of every page of the list while the last committed change is `sequence`: any
    /// create, update or delete gives every page a new tag.
    static func ofList(atSequence sequence: Int) -> String {
        "\"list-\(sequence)\""
    }

    /// What `If-Match` asks of friend `id`: absent or `*` is `.any`; otherwise the versions of the
    /// strong tags that name this friend (none when every tag is stale, weak or foreign).
    static func precondition(from headers: HTTPFields, id: Int) -> VersionPrecondition {
        let values = headers[values: .ifMatch]
        guard !values.isEmpty else { return .any }
        var versions = Set<Int>()
        for value in values {
            for tag in value.split(separator: ",") {
                let tag = tag.trimmingCharacters(in: .whitespaces)
                if tag == "*" { return .any }
                if let version = version(in: tag, id: id) { versions.insert(version) }
            }
        }
        return .oneOf(versions)
    }

    private static func version(in tag: String, id: Int) -> Int? {
        guard tag.count >= 2, tag.hasPrefix("\""), tag.hasSuffix("\"") else { return nil }
        let parts = tag.dropFirst().dropLast().split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, Int(parts[0]) == id else { return nil }
        return Int(parts[1])
    }
}

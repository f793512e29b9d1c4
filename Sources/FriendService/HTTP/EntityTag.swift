import Foundation
import FriendStorage
import Hummingbird

/// Strong entity tags of friends, `"<id>-<version>"`, so every update gives a new tag, and of the list.
enum EntityTag {
    static func of(_ stored: StoredFriend) -> String {
        of(id: stored.friend.id, version: stored.version)
    }

    static func of(id: Int, version: Int) -> String {
        "\"\(id)-\(version)\""
    }

    /// The tag of every page of the list while the last committed change is `sequence`: any
    /// create, update or delete gives every page a new tag.
    static func ofList(atSequence sequence: Int) -> String {
        "\"list-\(sequence)\""
    }

    /// What `If-Match` asks of friend `id`: absent or `*` is `.any`; otherwise the versions of the
    /// strong tags that name this friend (none when every tag is stale, weak or foreign).
    static func precondition(from headers: HTTPFields, id: Int) -> VersionPrecondition {
        let tags = listed(headers[values: .ifMatch])
        guard !tags.isEmpty, !tags.contains("*") else { return .any }
        return .oneOf(Set(tags.compactMap { version(in: $0, id: id) }))
    }

    /// The tags of a list header's lines (`If-Match`, `If-None-Match`): every comma-separated
    /// item, without the spaces around it.
    static func listed(_ lines: [String]) -> [String] {
        lines.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private static func version(in tag: String, id: Int) -> Int? {
        guard tag.count >= 2, tag.hasPrefix("\""), tag.hasSuffix("\"") else { return nil }
        let parts = tag.dropFirst().dropLast().split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, Int(parts[0]) == id else { return nil }
        return Int(parts[1])
    }
}

import Foundation
import FriendStorage
import Hummingbird

/// Strong entity tags of friends, `"<id>-<version>"`, so every update gives a new tag, and of the list.
///
/// `scope` starts every tag of an account's book (`a3.`; empty on a server without accounts): two
/// people's friend 1 has one URL, so a tag must never validate one's friend for the other, from a
/// cache an app kept across a change of who signed in. A friend's vCard, at the URL of its JSON, is
/// another representation and has a tag of its own (`.vcf` at the end; `.v3.vcf` and `.v4.vcf` for
/// the card converted to a version asked for, `ExportedVCardVersion`).
enum EntityTag {
    static func of(_ stored: StoredFriend, scope: String) -> String {
        of(id: stored.friend.id, version: stored.version, scope: scope)
    }

    static func of(id: Int, version: Int, scope: String = "") -> String {
        "\"\(scope)\(id)-\(version)\""
    }

    static func ofCard(id: Int, version: Int, scope: String, as exported: ExportedVCardVersion = .asKept) -> String {
        "\"\(scope)\(id)-\(version)\(exported.tagSuffix)\""
    }

    static func ofPhoto(id: Int, version: Int, scope: String) -> String {
        "\"\(scope)photo-\(id)-\(version)\""
    }

    /// The tag of every page of the list while the last committed change is `sequence`: any
    /// create, update or delete gives every page a new tag.
    static func ofList(atSequence sequence: Int, scope: String) -> String {
        "\"\(scope)list-\(sequence)\""
    }

    /// What `If-Match` asks of friend `id`: absent or `*` is `.any`; otherwise the versions of the
    /// strong tags that name this friend, as JSON or as vCard (none when every tag is stale, weak
    /// or foreign).
    /// 400 for a tag that is not one (`23-4` without its quotes): it could never match, and a 412
    /// would tell the client that someone else changed the friend.
    /// An empty item (`If-Match: ,`) is no tag either, as the OpenAPI document's pattern says:
    /// taken for no header at all, it let an `If-None-Match` beside it decide the answer.
    static func precondition(from headers: HTTPFields, id: Int, scope: String) throws -> VersionPrecondition {
        let tags = listed(headers[values: .ifMatch])
        guard !tags.isEmpty, !tags.contains("*") else { return .any }
        try checkWellFormed(tags, of: "If-Match")
        return .oneOf(Set(tags.compactMap { version(in: $0, id: id, scope: scope) }))
    }

    /// 400 when `If-None-Match` of a change is not `*` or entity tags: taken for no condition (as a
    /// `GET` may take it), the change it asks to be made only on a condition would be made without one.
    static func checkChangeCondition(in headers: HTTPFields) throws {
        let tags = listed(headers[values: .ifNoneMatch])
        guard !tags.contains("*") else { return }
        try checkWellFormed(tags, of: "If-None-Match")
    }

    private static func checkWellFormed(_ tags: [String], of header: String) throws {
        guard let malformed = tags.first(where: { !isEntityTag($0) }) else { return }
        throw APIError(
            .badRequest,
            "\(header) must be * or entity tags in quotes, as ETag gives them (\"7-2\"), not \(malformed.isEmpty ? "an empty item" : malformed).",
            fields: [header: "Must be * or entity tags in quotes."]
        )
    }

    /// The tags of a list header's lines (`If-Match`, `If-None-Match`): every comma-separated
    /// item, without the spaces around it; an empty item stays (no tag, it matches nothing), an
    /// empty line gives none.
    static func listed(_ lines: [String]) -> [String] {
        lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// `"…"` or `W/"…"` (RFC 9110 §8.8.3).
    private static func isEntityTag(_ tag: String) -> Bool {
        let opaque = tag.hasPrefix("W/") ? tag.dropFirst(2) : Substring(tag)
        return opaque.count >= 2 && opaque.hasPrefix("\"") && opaque.hasSuffix("\"") && !opaque.dropFirst().dropLast().contains("\"")
    }

    /// The longest first: `.v3.vcf` ends in `.vcf` too.
    private static let cardTagSuffixes = ExportedVCardVersion.allCases.map(\.tagSuffix).sorted { $0.count > $1.count }

    private static func version(in tag: String, id: Int, scope: String) -> Int? {
        guard tag.count >= 2, tag.hasPrefix("\""), tag.hasSuffix("\"") else { return nil }
        var text = tag.dropFirst().dropLast()
        guard text.hasPrefix(scope) else { return nil }
        text = text.dropFirst(scope.count)
        if let suffix = cardTagSuffixes.first(where: text.hasSuffix) {
            text = text.dropLast(suffix.count)
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        // Compared character for character, as strong tags are (RFC 9110 §8.8.3.2): `"+5-02"` is not `"5-2"`.
        guard parts.count == 2, parts[0] == String(id), let version = Int(parts[1]), parts[1] == String(version) else { return nil }
        return version
    }
}

/// A vCard version every card of an export can be asked in (RFC 6350's `version` parameter of
/// `text/vcard`). Without one, each card comes in the version it was imported in: a file from
/// several phones then mixes 2.1, 3.0 and 4.0, which not every contacts app reads.
public enum CardFileVersion: String, CaseIterable, Sendable {
    /// vCard 3.0 (RFC 2426): what Apple's Contacts reads, and most other apps.
    case version3 = "3.0"
    /// vCard 4.0 (RFC 6350), the newest.
    case version4 = "4.0"

    /// "vCard 3.0"
    public var name: String { "vCard \(rawValue)" }

    /// The `Accept` of an export: `text/vcard`, with `; version=3.0` when one is asked for.
    public static func accept(_ version: CardFileVersion?) -> String {
        AppServerClient.vCardType + (version.map { "; version=\($0.rawValue)" } ?? "")
    }

    /// Whether an answer's `Content-Type` says its cards are in this version; a FriendService
    /// from before versions could be asked for names none.
    public func isNamed(byContentType contentType: String?) -> Bool {
        contentType?.contains("version=\(rawValue)") == true
    }
}

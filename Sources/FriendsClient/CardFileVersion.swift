/// A vCard version every card of an export can be asked in (RFC 6350's `version` parameter of
/// `text/vcard`). Without one, each card comes in the version it was imported in: a file from
/// several phones then mixes 2.1, 3.0 and 4.0, which not every contacts app reads.
public enum CardFileVersion: String, CaseIterable, Sendable {
    /// vCard 3.0 (RFC 2426): what Apple's Contacts reads, and most other apps.
    case version3 = "3.0"
    /// vCard 4.0 (RFC 6350), the newest.
    case version4 = "4.0"
}

/// The name the owner gave their address book (CardDAV's `displayname`), kept with the friends
/// so that each account's book has its own.
public protocol AddressBookNaming: Sendable {
    /// The name last set; `nil` when none was, or it was removed.
    func addressBookName() async throws -> String?

    /// Keeps `name`; `nil` forgets the one kept.
    func setAddressBookName(_ name: String?) async throws
}

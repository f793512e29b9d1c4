import Foundation

/// What a card from outside (an import, a CardDAV `PUT`) must be before it is kept.
public enum VCardCheckError: Error, Sendable, Equatable, CustomStringConvertible {
    case noName

    public var description: String {
        switch self {
        case .noName: "The card has nothing to name it by: FN, N, ORG, NICKNAME, EMAIL and TEL are all empty."
        }
    }
}

extension VCard {
    /// The card as it will be kept: checked for a name, with what every vCard must have added
    /// when it has none (RFC 2426, RFC 6350): a `VERSION` (the 3.0 it is read as), an `FN` (the
    /// name the friend is shown by), and a `UID`, which Friends needs.
    /// A photo that cannot be served (`photo()` throws) does not refuse the card: a contact app
    /// would never sync that contact. It stays in the card, and the friend has no picture.
    public func checkedForStorage(newUID: () -> String) throws(VCardCheckError) -> VCard {
        let friend = friend(id: 0)
        guard !friend.displayName.isEmpty else { throw .noName }
        var card = self
        if first("VERSION") == nil { card.properties.insert(VCardProperty(name: "VERSION", value: "3.0"), at: 0) }
        if first("FN")?.text.trimmingSpaces.isEmpty ?? true {
            card.set("FN", to: VCardEscaping.escape(friend.displayName), after: "VERSION")
        }
        if uid.isEmpty { card.set("UID", to: VCardEscaping.escape(newUID()), after: "VERSION") }
        return card
    }

    /// The card's `UID`, empty when it has none.
    public var uid: String {
        first("UID")?.text.trimmingSpaces ?? ""
    }
}

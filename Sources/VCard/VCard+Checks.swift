import Foundation

extension VCard {
    /// The card as it will be kept (an import, a CardDAV `PUT`), with what every vCard must have
    /// added when it has none (RFC 2426, RFC 6350): a `VERSION` (the 3.0 it is read as), an `FN`
    /// (the name the friend is shown by), an empty `N` before 4.0, and a `UID`, which Friends needs.
    /// A `VERSION` that is none of vCard's (`5.0`, empty) is made the 3.0 the card was read as, so no
    /// client is sent a version it cannot read.
    /// Nothing refuses a card here: a contact app would never sync the contact it came from. A
    /// contact with nothing to name it by is shown as "No Name", as the contact apps show it (its
    /// `FN` stays as it came when it has one); a photo that cannot be served (`photo()` throws)
    /// stays in the card, and the friend has no picture.
    public func readyForStorage(newUID: () -> String) -> VCard {
        var card = self
        if first("VERSION") == nil {
            card.properties.insert(VCardProperty(name: "VERSION", value: "3.0"), at: 0)
        } else if !Self.versions.contains(version) {
            card.set("VERSION", to: "3.0", after: nil)
        }
        let name = friend(id: 0).displayName
        if first("FN") == nil || (first("FN")?.text.trimmingSpaces.isEmpty == true && name != Self.noName) {
            card.set("FN", to: VCardEscaping.escape(name), after: "VERSION")
        }
        if uid.isEmpty { card.set("UID", to: VCardEscaping.escape(newUID()), after: "VERSION") }
        // 2.1 and 3.0 (RFC 2426 3.1.2) want an `N` as well, which readers such as vobject insist on.
        if !card.isVersion4, card.first("N") == nil { card.set("N", to: ";;;;", after: "FN") }
        return card
    }

    /// The versions of vCard there are: versit's 2.1, RFC 2426's 3.0 and RFC 6350's 4.0.
    static let versions: Set<String> = ["2.1", "3.0", "4.0"]

    /// The card's `UID`, empty when it has none.
    public var uid: String {
        first("UID")?.text.trimmingSpaces ?? ""
    }

    /// Every `UID` of the card, in order: a card has one at most (RFC 6350 6.7.6).
    public var uids: [String] {
        all("UID").map(\.text.trimmingSpaces)
    }
}

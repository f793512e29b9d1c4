import Foundation

/// What a card from outside (an import, a CardDAV `PUT`) must be before it is kept.
public enum VCardCheckError: Error, Sendable, Equatable, CustomStringConvertible {
    case noName
    case photo(VCardPhoto.Problem)

    public var description: String {
        switch self {
        case .noName: "The card has no name: FN, N and ORG are all empty."
        case .photo(let problem): problem.description
        }
    }
}

extension VCard {
    /// The card as it will be kept: checked for a name and a servable photo, with a `UID` added
    /// when it has none.
    public func checkedForStorage(newUID: () -> String) throws(VCardCheckError) -> VCard {
        let friend = friend(id: 0)
        guard !friend.displayName.isEmpty else { throw .noName }
        do { _ = try photo() } catch { throw .photo(error) }
        guard uid.isEmpty else { return self }
        var card = self
        card.set("UID", to: VCardEscaping.escape(newUID()), after: "VERSION")
        return card
    }

    /// The card's `UID`, empty when it has none.
    public var uid: String {
        first("UID")?.text.trimmingSpaces ?? ""
    }
}

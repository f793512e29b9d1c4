import Foundation
import FriendsAPI
import VCard

/// What a store writes for one friend: the card's text and every column derived from it (the
/// seed's fields, the other details, the sort and search columns), computed once per write.
package struct FriendRecord: Sendable {
    /// The friend the card shows; `id` is 0 until the store assigns one.
    package var friend: Friend
    package var cardText: String
    package var resourceName: String
    package var details: String
    package var search: SearchColumns
    /// A group card (`VCard.isGroup`) is kept for CardDAV clients, which keep their groups as
    /// cards, but is no friend: the REST API, the live feed and the export leave it out, and its
    /// search columns are empty so that no search finds it.
    package var isGroup: Bool
    /// A card that came with its `UID` (a CardDAV `PUT`, an import) is one contact however its
    /// `UID` is spelled: a store that writes it checks, in the write's own transaction, that no
    /// friend has that `UID` yet (`UIDSpellings`), so that processes sharing a database cannot both
    /// add it. A friend made over REST gets a new `UID` and needs no check.
    package var refusesTakenUID = false
    /// Why the card is beyond `VCardLimits`: an edit can take a card that was just within them
    /// past them (a note added to 1,000 properties), and no reader would take it then.
    package var excess: VCardError?

    package init(card: VCard, resourceName: String? = nil) {
        self.init(card: card, showing: card.friend(id: 0), resourceName: resourceName)
    }

    /// `friend` is what `card.friend(id: 0)` gives.
    init(card: VCard, showing friend: Friend, resourceName: String? = nil) {
        self.friend = friend
        cardText = Self.cardText(of: card)
        self.resourceName = resourceName ?? Self.resourceName(forUID: friend.uid)
        details = FriendDetails(friend).encoded
        isGroup = card.isGroup
        search = isGroup ? .unsearchable : SearchColumns(friend)
        excess = VCardLimits.excess(of: card, writtenAs: cardText)
    }

    /// This record, unless its card is beyond the limits (`CardBeyondLimits`): what an edit
    /// checks before it is written.
    package func withinLimits(id: Int) throws(CardBeyondLimits) -> FriendRecord {
        if let excess { throw CardBeyondLimits(id: id, reason: excess) }
        return self
    }

    /// The text a store keeps for `card`: a stored card whose text is this already holds `card`.
    package static func cardText(of card: VCard) -> String {
        VCardWriter.text(of: card)
    }

    /// A card for a friend made over REST, with a new `UID`.
    package init(newFriend fields: NewFriend, now: Date = Date()) {
        self.init(newFriend: fields, uid: UUID.timeOrdered(at: now).uuidString, now: now)
    }

    /// The seed's fields alone (most new friends) have their card written directly
    /// (`SeedFieldsCard`); anything else is applied to a new card by the vCard library.
    init(newFriend fields: NewFriend, uid: String, now: Date) {
        if let direct = SeedFieldsCard(fields, uid: uid, now: now) {
            self.init(card: direct.card, showing: direct.friend)
        } else {
            self.init(card: VCard.make(from: fields, uid: uid, now: now))
        }
    }

    /// `<uid>.vcf`, with characters that do not belong in a path segment replaced. A `UID` too long
    /// for a name (CardDAV takes names of at most 255 bytes) is cut short and followed by a hash of
    /// the whole `UID`, so that two long ones still make two names.
    package static func resourceName(forUID uid: String) -> String {
        var safe = String.UnicodeScalarView()
        for scalar in uid.unicodeScalars {
            let allowed = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || "-_.@".unicodeScalars.contains(scalar)
            safe.append(allowed ? scalar : "-")
        }
        guard !safe.isEmpty else { return UUID.random().uuidString + ".vcf" }
        // Every character kept is ASCII: one byte each.
        guard safe.count > longestNameBeforeExtension else { return String(safe) + ".vcf" }
        let hash = String(StableHash.of(uid.utf8), radix: 16)
        return String(String(safe).prefix(longestNameBeforeExtension - 17)) + "-" + hash + ".vcf"
    }

    /// 255 bytes, less `.vcf`.
    private static let longestNameBeforeExtension = 251

    /// The stored card, read again (it always parses: it was written from a parsed card), even
    /// beyond the limits, so that an edit can bring a card kept before they were checked back within them.
    package static func card(from text: String) throws -> VCard {
        try VCardParser.parse(Array(text.utf8), checksLimits: false)
    }
}

/// An edit of friend `id` that would take its card beyond what any reader of cards takes
/// (`VCardLimits`): it is not made.
public struct CardBeyondLimits: Error, Equatable, Sendable {
    public let id: Int
    public let reason: VCardError
}

/// The friend's fields beyond the seed's five, kept as one JSON column beside them so that a list
/// page and the change log read them without reading the card (which may hold a photo of MiBs).
package struct FriendDetails: Codable, Sendable, Equatable {
    var organization: String
    var phones: [LabeledValue]
    var emails: [LabeledValue]
    var addresses: [PostalAddress]
    var birthday: String
    var photo: Bool
    var uid: String

    package init(_ friend: Friend) {
        organization = friend.organization
        phones = friend.phones
        emails = friend.emails
        addresses = friend.addresses
        birthday = friend.birthday
        photo = friend.photo
        uid = friend.uid
    }

    package var encoded: String { FriendDetailsWriter.text(of: self) }

    /// Fills `friend`'s details from a stored column; an empty column (a row from before the
    /// migration) leaves them empty.
    package static func apply(_ text: String, to friend: inout Friend) {
        guard !text.isEmpty else { return }
        var text = text
        if let read = text.withUTF8({ bytes in
            var reader = FriendDetailsReader(bytes)
            return reader.read(into: friend)
        }) {
            friend = read
            return
        }
        guard let details = try? JSONDecoder().decode(FriendDetails.self, from: Data(text.utf8)) else { return }
        friend.organization = details.organization
        friend.phones = details.phones
        friend.emails = details.emails
        friend.addresses = details.addresses
        friend.birthday = details.birthday
        friend.photo = details.photo
        friend.uid = details.uid
    }
}

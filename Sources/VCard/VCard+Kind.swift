extension VCard {
    /// Whether the card is a group of other cards rather than a contact: `KIND:group` (vCard 4.0)
    /// or `X-ADDRESSBOOKSERVER-KIND:group`, which Apple's Contacts, DAVx5 and Thunderbird write in
    /// 3.0 cards. Its members are `MEMBER` or `X-ADDRESSBOOKSERVER-MEMBER` properties.
    public var isGroup: Bool {
        properties.contains { property in
            (property.hasName("KIND") || property.hasName("X-ADDRESSBOOKSERVER-KIND"))
                && property.value.trimmingSpaces.lowercased() == "group"
        }
    }
}

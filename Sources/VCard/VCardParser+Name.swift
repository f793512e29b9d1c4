extension VCardParser {
    /// The name a card that could not be read is reported by, read as a card that can be is read
    /// (unfolded, quoted-printable decoded, in its version's escapes): its `FN`, else the name its
    /// `N` or `ORG` gives. Text that is not UTF-8 is read as Windows-1252 (a card refused for
    /// being in another charset is still named); lines that cannot be read are passed over.
    static func name(ofUnreadable bytes: some Collection<UInt8>) -> String {
        // A NUL, which refuses a card, is a space here, as other control characters are.
        var bytes = bytes.map { $0 == 0 ? 0x20 : $0 }
        if CarriageReturnLineEnds.areUsed(in: bytes) == true { bytes = CarriageReturnLineEnds.expanded(bytes) }
        let lines = joiningAgentCards(logicalLines(in: bytes), in: bytes)
        let isVersion21 = version(in: lines) == "2.1"
        let properties = lines.lazy.compactMap { try? $0.property(isVersion21: isVersion21, readsAnyText: true) }.prefix { !$0.isEnvelope("END") }
        let card = VCard(properties: Array(properties))
        if let formatted = card.first("FN")?.text.trimmingSpaces, !formatted.isEmpty { return formatted }
        return card.friend(id: 0).displayName
    }
}

extension FriendValidation {
    /// Entries a friend has already, which a list sent back may keep whatever they hold.
    struct KeptEntries {
        var phones: Set<LabeledValue> = []
        var emails: Set<LabeledValue> = []
        var addresses: Set<PostalAddress> = []
    }

    /// The failures of the lists a friend may carry, keyed `phones`, `emails` and `addresses`,
    /// each naming the first entry that is wrong (counted from 1). As for the other fields, lengths
    /// count the value as sent and everything else is judged on the value trimmed.
    static func listFailures(
        phones: [LabeledValue]?, emails: [LabeledValue]?, addresses: [PostalAddress]?, keeping kept: KeptEntries = KeptEntries()
    ) -> [String: String] {
        var failures: [String: String] = [:]
        if let phones, let message = labeledFailure(phones, field: .phonenumber, noun: "Phone number", keeping: kept.phones) {
            failures["phones"] = message
        }
        if let emails, let message = labeledFailure(emails, field: .email, noun: "Email", keeping: kept.emails) {
            failures["emails"] = message
        }
        if let addresses, let message = addressFailure(addresses, keeping: kept.addresses) {
            failures["addresses"] = message
        }
        return failures
    }

    private static func labeledFailure(_ entries: [LabeledValue], field: FriendField, noun: String, keeping kept: Set<LabeledValue>) -> String? {
        if entries.count > maximumListLength { return "At most \(maximumListLength) entries." }
        for (index, entry) in entries.enumerated() {
            if trim(entry.value).isEmpty { return "\(noun) \(index + 1) is empty." }
            if kept.contains(entry.trimmed) { continue }
            if let message = message(for: field, value: entry.value) { return "\(noun) \(index + 1): \(message)" }
            if let message = labelMessage(entry.label) { return "\(noun) \(index + 1): \(message)" }
        }
        return nil
    }

    private static func addressFailure(_ addresses: [PostalAddress], keeping kept: Set<PostalAddress>) -> String? {
        if addresses.count > maximumListLength { return "At most \(maximumListLength) addresses." }
        for (index, address) in addresses.enumerated() where !kept.contains(address.trimmed) {
            if let message = labelMessage(address.label) { return "Address \(index + 1): \(message)" }
            for part in [address.street, address.city, address.region, address.postcode, address.country] {
                if part.unicodeScalars.count > maximumAddressPartLength {
                    return "Address \(index + 1): each part must be at most \(maximumAddressPartLength) characters."
                }
                if trim(part).unicodeScalars.contains(where: isForbiddenInText) {
                    return "Address \(index + 1): must not contain control characters."
                }
            }
        }
        return nil
    }

    private static func labelMessage(_ label: String) -> String? {
        if label.unicodeScalars.count > maximumLabelLength { return "The label must be at most \(maximumLabelLength) characters." }
        if trim(label).unicodeScalars.contains(where: isControl) { return "The label must not contain control characters." }
        return nil
    }
}

import FriendsAPI

/// Reads the lists of a friend's JSON (`phones`, `emails`, `addresses`) field by field, so a wrong
/// entry is named in the error rather than failing the whole body.
enum FriendJSONLists {
    struct Failure: Error {
        var message: String
    }

    static func labeledValues(_ value: JSONValue, noun: String) throws(Failure) -> [LabeledValue] {
        guard case .array(let entries) = value else {
            throw Failure(message: "Must be an array of {\"label\", \"value\"} objects, not \(value.kindDescription).")
        }
        var result: [LabeledValue] = []
        for (index, entry) in entries.enumerated() {
            let fields = try object(entry, index: index, allowed: ["label", "value"])
            guard let text = try string(fields["value"], key: "value", index: index) else {
                throw Failure(message: "Entry \(index + 1) needs a \(noun) as \"value\".")
            }
            result.append(LabeledValue(label: try string(fields["label"], key: "label", index: index) ?? "", value: text))
        }
        return result
    }

    static func addresses(_ value: JSONValue) throws(Failure) -> [PostalAddress] {
        guard case .array(let entries) = value else {
            throw Failure(message: "Must be an array of address objects, not \(value.kindDescription).")
        }
        let keys = ["label", "street", "city", "region", "postcode", "country"]
        var result: [PostalAddress] = []
        for (index, entry) in entries.enumerated() {
            let fields = try object(entry, index: index, allowed: Set(keys))
            var parts: [String: String] = [:]
            for key in keys { parts[key] = try string(fields[key], key: key, index: index) ?? "" }
            result.append(PostalAddress(
                label: parts["label"] ?? "", street: parts["street"] ?? "", city: parts["city"] ?? "",
                region: parts["region"] ?? "", postcode: parts["postcode"] ?? "", country: parts["country"] ?? ""
            ))
        }
        return result
    }

    private static func object(_ entry: JSONValue, index: Int, allowed: Set<String>) throws(Failure) -> [String: JSONValue] {
        guard case .object(let fields) = entry else {
            throw Failure(message: "Entry \(index + 1) must be an object, not \(entry.kindDescription).")
        }
        if let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw Failure(message: "Entry \(index + 1) has an unknown field \"\(unknown)\".")
        }
        return fields
    }

    private static func string(_ value: JSONValue?, key: String, index: Int) throws(Failure) -> String? {
        switch value {
        case nil: return nil
        case .string(let text)?: return text
        case let other?: throw Failure(message: "Entry \(index + 1): \"\(key)\" must be a string, not \(other.kindDescription).")
        }
    }
}

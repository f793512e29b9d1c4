/// A phone number or email address with what it is for: `{"label": "mobile", "value": "+1 555 0100"}`.
/// Labels come from the card's `TYPE` (`CELL` reads as "mobile") or Apple's `X-ABLabel`.
public struct LabeledValue: Codable, Sendable, Equatable, Hashable {
    public var label: String
    public var value: String

    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }
}

/// A postal address (a card's `ADR`); any part may be empty.
public struct PostalAddress: Codable, Sendable, Equatable, Hashable {
    public var label: String
    public var street: String
    public var city: String
    public var region: String
    public var postcode: String
    public var country: String

    public init(label: String = "", street: String = "", city: String = "", region: String = "", postcode: String = "", country: String = "") {
        self.label = label
        self.street = street
        self.city = city
        self.region = region
        self.postcode = postcode
        self.country = country
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        label = try container.decodeIfPresent(String.self, forKey: .label) ?? ""
        street = try container.decodeIfPresent(String.self, forKey: .street) ?? ""
        city = try container.decodeIfPresent(String.self, forKey: .city) ?? ""
        region = try container.decodeIfPresent(String.self, forKey: .region) ?? ""
        postcode = try container.decodeIfPresent(String.self, forKey: .postcode) ?? ""
        country = try container.decodeIfPresent(String.self, forKey: .country) ?? ""
    }

    public var isEmpty: Bool { lines.isEmpty }
}

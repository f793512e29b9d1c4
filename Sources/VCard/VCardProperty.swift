import Foundation

/// One content line of a card: `group.NAME;PARAM=value:value`.
public struct VCardProperty: Sendable, Equatable {
    /// `item1` in `item1.TEL:…` (Apple groups a value with its `X-ABLabel` this way).
    public var group: String?
    /// As written; compare with `hasName`, names are case-insensitive.
    public var name: String
    public var parameters: [VCardParameter]
    /// The value as written, after unfolding: still escaped (as `escaping` says) and still encoded
    /// (quoted-printable, base64). `text`, `components` and `decodedBytes` read it.
    public var value: String
    /// The exact text the property was read from, folds and line ending included; `nil` for a
    /// property made or changed here. The writer copies it unchanged, so untouched properties
    /// keep their bytes.
    public var source: String?
    /// The escapes `value` has: a property read from a 2.1 card has 2.1's; one made here has
    /// 3.0's, which the writer turns into 2.1's in a 2.1 card.
    public var escaping: VCardEscaping.Rules

    public init(group: String? = nil, name: String, parameters: [VCardParameter] = [], value: String) {
        self.group = group
        self.name = name
        self.parameters = parameters
        self.value = value
        self.source = nil
        self.escaping = .standard
    }

    public func hasName(_ other: String) -> Bool {
        name.caseInsensitiveEquals(other)
    }

    /// Every value of the parameters called `name` (`TYPE=work,voice;TYPE=pref` gives three).
    public func parameterValues(_ name: String) -> [String] {
        parameters.filter { $0.name.caseInsensitiveEquals(name) }.flatMap(\.values)
    }

    /// Every `TYPE` value, a quoted list (`TYPE="work,voice"`) taken apart.
    var types: [String] {
        parameterValues("TYPE").flatMap { $0.split(separator: ",").map { String($0).trimmingSpaces } }
    }

    /// Whether a `TYPE` value equals `type`, ignoring case.
    public func hasType(_ type: String) -> Bool {
        types.contains { $0.caseInsensitiveEquals(type) }
    }

    /// Whether the value is base64 (`ENCODING=b` in 3.0, `ENCODING=BASE64` in 2.1).
    var isBase64: Bool {
        parameterValues("ENCODING").contains { $0.caseInsensitiveEquals("B") || $0.caseInsensitiveEquals("BASE64") }
    }

    /// Text some writers send in base64 (`NOTE;ENCODING=BASE64;CHARSET=UTF-8:`, for text beyond
    /// ASCII in a 2.1 card): the text, in its `CHARSET`. Only for properties of text, and only
    /// when the bytes are text (no control characters but tab and line breaks): any other
    /// base64 (a picture, Outlook's `X-MS-CARDPICTURE`, a key, data of an app's own) is what it is.
    var base64Text: String? {
        guard isBase64, Self.textNames.contains(name.uppercased()),
              let data = Data(base64Encoded: String(value.unicodeScalars.filter { !$0.properties.isWhitespace })),
              let text = CharacterSets.text(of: data, in: CharacterSets.encoding(named: parameters) ?? .utf8),
              !text.unicodeScalars.contains(where: { $0.value < 0x20 && !["\t", "\r", "\n"].contains($0) || $0.value == 0x7F })
        else { return nil }
        return text
    }

    /// The properties whose value is text (RFC 2426, RFC 6350), and Apple's label.
    private static let textNames: Set<String> = [
        "FN", "N", "NICKNAME", "ADR", "LABEL", "TITLE", "ROLE", "ORG", "CATEGORIES", "NOTE", "X-ABLABEL",
    ]

    /// Whether the value is quoted-printable (vCard 2.1).
    var isQuotedPrintable: Bool {
        parameterValues("ENCODING").contains { $0.caseInsensitiveEquals("QUOTED-PRINTABLE") }
    }

    /// A copy under another name, to be written afresh.
    func renamed(_ newName: String) -> VCardProperty {
        var copy = self
        copy.name = newName
        copy.source = nil
        return copy
    }

    /// A copy with a new value, escaped as 3.0 escapes, to be written afresh (its parameters stay).
    public func replacingValue(with newValue: String) -> VCardProperty {
        var copy = VCardProperty(group: group, name: name, parameters: parameters, value: newValue)
        copy.parameters.removeAll { $0.name.caseInsensitiveEquals("ENCODING") || $0.name.caseInsensitiveEquals("CHARSET") }
        return copy
    }
}

/// `TYPE=work,voice` is one parameter with two values. A vCard 2.1 bare parameter (`TEL;CELL:`)
/// reads as `TYPE` with that value.
public struct VCardParameter: Sendable, Equatable {
    public var name: String
    public var values: [String]

    public init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }
}

extension String {
    func caseInsensitiveEquals(_ other: String) -> Bool {
        utf8.count == other.utf8.count && lowercased() == other.lowercased()
    }
}

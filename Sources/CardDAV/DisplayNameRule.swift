/// What a PROPPATCH may set as the address book's `displayname`: plain text of at most
/// `maxLength` characters, without control characters.
enum DisplayNameRule {
    static let maxLength = 255

    /// The name to keep (trimmed; nil for the default), or why the value is refused.
    static func name(in property: DAVXMLElement) -> Result<String?, Refusal> {
        guard property.children.isEmpty else { return .failure(Refusal("A display name is plain text, without elements.")) }
        let name = property.text.trimmingSpaces
        // An empty name asks for the default, as a remove does: clients clear the field to mean that.
        if name.isEmpty { return .success(nil) }
        guard name.unicodeScalars.count <= maxLength else {
            return .failure(Refusal("A display name may have at most \(maxLength) characters."))
        }
        guard !name.unicodeScalars.contains(where: isRefused) else {
            return .failure(Refusal("A display name may not contain control characters or line breaks."))
        }
        return .success(name)
    }

    struct Refusal: Error, Equatable {
        var message: String
        init(_ message: String) { self.message = message }
    }

    private static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}

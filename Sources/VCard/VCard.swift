/// One vCard (RFC 2426 3.0, RFC 6350 4.0, and the 2.1 that Android exports): its properties in
/// the order they came, each with its group, parameters and value as written.
///
/// A card read from text keeps each property's original text (`VCardProperty.source`), so writing
/// it again gives back the same bytes for every property nobody changed.
public struct VCard: Sendable, Equatable {
    /// Every property between `BEGIN:VCARD` and `END:VCARD`, those two excluded.
    public var properties: [VCardProperty]
    /// The line ending new properties are written with: the one the card was read with.
    public var lineEnding: LineEnding

    public enum LineEnding: String, Sendable {
        case crlf = "\r\n"
        case lf = "\n"
    }

    public init(properties: [VCardProperty], lineEnding: LineEnding = .crlf) {
        self.properties = properties
        self.lineEnding = lineEnding
    }

    /// `VERSION`'s value ("2.1", "3.0" or "4.0"); "3.0" when the card has none.
    public var version: String {
        first("VERSION")?.value.trimmingSpaces ?? "3.0"
    }

    public var isVersion4: Bool { version == "4.0" }

    /// The first property called `name` (case-insensitive), if any.
    public func first(_ name: String) -> VCardProperty? {
        properties.first { $0.hasName(name) }
    }

    /// Every property called `name`, in order.
    public func all(_ name: String) -> [VCardProperty] {
        properties.filter { $0.hasName(name) }
    }
}

extension String {
    var trimmingSpaces: String {
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}

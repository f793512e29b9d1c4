import Foundation

/// A problem found while decoding one value, with the coding path to the value.
struct FieldProblem: Error {
    enum Kind {
        case unknownField(String)
        case emptyText
        case invalidDate(String)
        case unknownTimeZone(String)
    }

    let codingPath: [any CodingKey]
    let kind: Kind
}

private struct AnyCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(stringValue: String) { (self.stringValue, self.intValue) = (stringValue, nil) }
    init?(intValue: Int) { (self.stringValue, self.intValue) = (String(intValue), intValue) }
}

extension Decoder {
    /// The object's fields, after making sure it has no field beyond `Key`'s cases.
    /// A misspelt optional field would otherwise be dropped without a word.
    func strictContainer<Key: CodingKey & CaseIterable>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let everything = try container(keyedBy: AnyCodingKey.self)
        let known = Set(Key.allCases.map(\.stringValue))
        if let unknown = everything.allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) }) {
            throw FieldProblem(codingPath: codingPath, kind: .unknownField(unknown))
        }
        return try container(keyedBy: Key.self)
    }
}

extension KeyedDecodingContainer {
    /// A string that has something besides white space in it.
    func decodeText(forKey key: Key) throws -> String {
        let text = try decode(String.self, forKey: key)
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw FieldProblem(codingPath: codingPath + [key], kind: .emptyText)
        }
        return text
    }
}

extension [any CodingKey] {
    /// "flights[2].departure.date"; "(top level)" for the document itself.
    var fieldPath: String {
        guard !isEmpty else { return "(top level)" }
        var path = ""
        for key in self {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return path
    }
}

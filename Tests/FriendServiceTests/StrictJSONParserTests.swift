import Foundation
import NIOCore
import Testing
@testable import FriendService

/// What the write routes accept as JSON is RFC 8259's grammar, no more and no less.
struct StrictJSONParserTests {
    private static func parse(_ text: String) throws(StrictJSONParser.Failure) -> JSONValue {
        try StrictJSONParser.parse(ByteBuffer(string: text))
    }

    @Test func aBodyIsReadIntoItsValues() throws {
        let body = #" { "a": [1, -0.5, 2e3, 0, -0, 1E-2], "b": {"c": null, "d": true, "e": false}, "f": "x", "g": [], "h": {} } "#
        #expect(try Self.parse(body) == .object([
            "a": .array([.number(1), .number(-0.5), .number(2_000), .number(0), .number(0), .number(0.01)]),
            "b": .object(["c": .null, "d": .bool(true), "e": .bool(false)]),
            "f": .string("x"), "g": .array([]), "h": .object([:]),
        ]))
    }

    @Test(arguments: [
        (#""plain""#, "plain"),
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
        (#""\u0041\u00e9\u4E2D""#, "Aé中"),
        (#""\ud83d\ude00 and 😀""#, "😀 and 😀"),
        (#""Zoë \u0000 李""#, "Zoë \u{0} 李"),
        ("\"\u{7F}\"", "\u{7F}"),
    ])
    func stringsAreUnescaped(_ literal: String, _ text: String) throws {
        #expect(try Self.parse(literal) == .string(text))
    }

    @Test(arguments: [
        "", " ", "{", "}", "[", "]", "{,}", "[,]", "[1,]", #"{"a": 1,}"#, #"{"a" 1}"#, #"{"a": }"#, #"{a: 1}"#,
        "{'a': 1}", #"{"a": 1} x"#, #"{"a": 1}{}"#, "[1 2]", "[1,,2]", "tru", "True", "nul", "nulls", "NaN", "Infinity",
        "01", "-", "+1", ".5", "1.", "1e", "1e+", "0x10", "1e400", "-1e400", #""open"#, "\"tab\there\"", "\"line\nbreak\"",
        #""\x41""#, #""\u12""#, #""\u12G4""#, #""\ud800""#, #""\ud800 x""#, #""\ud800\u0041""#, #""\udc00""#,
        "/* comment */ {}", "// comment\n{}", "\u{A0}{}",
    ])
    func anythingElseIsNotJSON(_ text: String) {
        #expect(throws: StrictJSONParser.Failure.invalid) { try Self.parse(text) }
    }

    @Test func aByteOrderMarkIsIgnored() throws {
        #expect(try Self.parse("\u{FEFF}{\"a\": 1}") == .object(["a": .number(1)]))
    }

    @Test func theFirstKeyGivenTwiceInOneObjectIsNamed() {
        #expect(throws: StrictJSONParser.Failure.duplicateKey("a")) { try Self.parse(#"{"a": 1, "a": 2, "b": {"c": 1, "c": 2}}"#) }
        #expect(throws: StrictJSONParser.Failure.duplicateKey("c")) { try Self.parse(#"{"a": 1, "b": {"c": 1, "c": 2}, "a": 2}"#) }
        #expect(throws: StrictJSONParser.Failure.duplicateKey("a")) { try Self.parse(#"{"a": 1, "a": {"b": 1, "b": 2}}"#) }
        #expect(throws: StrictJSONParser.Failure.duplicateKey("a")) { try Self.parse(#"{"a": 1, "\u0061": 2}"#) }
        #expect(throws: StrictJSONParser.Failure.duplicateKey("b")) { try Self.parse(#"[{"b": 1, "b": 1}]"#) }
    }

    @Test func sameKeysInDifferentObjectsAreNotDuplicates() throws {
        _ = try Self.parse(#"{"a": {"a": 1}, "b": [{"a": 2}, {"a": 3}], "c": "\"a\"", "A": 4}"#)
    }

    /// A repeated key is reported only for text that is JSON at all.
    @Test func aDuplicateInTextThatIsNotJSONIsNotJSON() {
        #expect(throws: StrictJSONParser.Failure.invalid) { try Self.parse(#"{"a": 1, "a": 2,}"#) }
    }

    @Test func nestingStopsAtItsLimit() throws {
        let depth = StrictJSONParser.maximumDepth
        _ = try Self.parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        _ = try Self.parse(String(repeating: #"{"a":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1))
        #expect(throws: StrictJSONParser.Failure.tooDeep) {
            try Self.parse(String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1))
        }
        #expect(throws: StrictJSONParser.Failure.tooDeep) { try Self.parse(String(repeating: "[", count: 100_000)) }
    }

    /// A second reader, Foundation's `JSONDecoder`, reads every valid document here to the same values.
    @Test(arguments: [
        #"{"firstname": "Ada", "lastname": "Lovelace", "phones": [{"label": "work", "value": "+44 20 7946 0018"}]}"#,
        #"{"about": "Line one\nLine two \ud83d\ude00 \u2028", "n": -12.5e-3, "t": [true, false, null]}"#,
        #"[0, 1, 2.5, 1e10, "", {"": ""}]"#,
    ])
    func foundationReadsTheSameValues(_ text: String) throws {
        let foundation = try JSONDecoder().decode(FoundationValue.self, from: Data(text.utf8))
        #expect(try Self.parse(text) == foundation.value)
    }
}

/// A JSON value as `JSONDecoder` reads it.
private struct FoundationValue: Decodable {
    let value: JSONValue

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = .null
        } else if let bool = try? container.decode(Bool.self) {
            value = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            value = .number(number)
        } else if let text = try? container.decode(String.self) {
            value = .string(text)
        } else if let array = try? container.decode([FoundationValue].self) {
            value = .array(array.map(\.value))
        } else {
            value = .object(try container.decode([String: FoundationValue].self).mapValues(\.value))
        }
    }
}

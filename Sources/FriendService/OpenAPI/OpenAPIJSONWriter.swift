import Foundation
import NIOCore

/// Writes the OpenAPI document as indented JSON with its keys sorted by their UTF-8 bytes.
///
/// Not `JSONSerialization`: its `.sortedKeys` compares keys with a locale's collation, and loading
/// that collation from ICU was 3 MB of the server's memory from its start on, for one document.
enum OpenAPIJSONWriter {
    static func data(_ object: OpenAPIObject) -> Data {
        var buffer = ByteBuffer()
        write(object, indent: 0, into: &buffer)
        buffer.writeStaticString("\n")
        return Data(buffer.readableBytesView)
    }

    /// `object` on one line without spaces, its keys sorted: as the server writes a friend.
    static func line(_ object: OpenAPIObject) -> String {
        var buffer = ByteBuffer()
        write(object, indent: nil, into: &buffer)
        return String(buffer: buffer)
    }

    /// - Parameter indent: the depth of `value`, or nil for one line.
    private static func write(_ value: Any, indent: Int?, into buffer: inout ByteBuffer) {
        switch value {
        case let object as [String: Any]:
            let members = object.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            writeContainer(open: "{", close: "}", count: members.count, indent: indent, into: &buffer) { index, buffer in
                FriendJSON.write(members[index].key, into: &buffer)
                buffer.writeStaticString(indent == nil ? ":" : ": ")
                write(members[index].value, indent: indent.map { $0 + 1 }, into: &buffer)
            }
        case let array as [Any]:
            writeContainer(open: "[", close: "]", count: array.count, indent: indent, into: &buffer) { index, buffer in
                write(array[index], indent: indent.map { $0 + 1 }, into: &buffer)
            }
        case let text as String:
            FriendJSON.write(text, into: &buffer)
        case let flag as Bool:
            buffer.writeString(flag ? "true" : "false")
        case let number as Int:
            buffer.writeString(String(number))
        case let number as Double:
            buffer.writeString(String(number))
        default:
            buffer.writeStaticString("null")
        }
    }

    private static func writeContainer(
        open: StaticString, close: StaticString, count: Int, indent: Int?, into buffer: inout ByteBuffer,
        element: (Int, inout ByteBuffer) -> Void
    ) {
        buffer.writeStaticString(open)
        guard let indent, count > 0 else {
            for index in 0..<count {
                if index > 0 { buffer.writeStaticString(",") }
                element(index, &buffer)
            }
            buffer.writeStaticString(close)
            return
        }
        for index in 0..<count {
            buffer.writeStaticString(index == 0 ? "\n" : ",\n")
            buffer.writeRepeatingByte(UInt8(ascii: " "), count: 2 * (indent + 1))
            element(index, &buffer)
        }
        buffer.writeStaticString("\n")
        buffer.writeRepeatingByte(UInt8(ascii: " "), count: 2 * indent)
        buffer.writeStaticString(close)
    }
}

import Foundation
import FriendStorage
import NIOCore

/// The opaque `cursor` of `GET /friends`: the sort key of the last friend on a page,
/// as base64url JSON. Clients pass it back unchanged.
enum FriendCursor {
    private struct Payload: Decodable {
        var l: String
        var f: String
        var i: Int
    }

    static let maximumLength = 2_048

    /// Written by hand, as the friends of the page are: every page but the last ends with one,
    /// and `JSONEncoder` and `replacingOccurrences` were 2 % of the load script's mix of pages.
    static func encode(_ key: FriendSortKey) -> String {
        var json = ByteBuffer()
        json.writeStaticString(#"{"l":"#)
        FriendJSON.write(key.lastname, into: &json)
        json.writeStaticString(#","f":"#)
        FriendJSON.write(key.firstname, into: &json)
        json.writeString(#","i":\#(key.id)}"#)
        let base64URL = Data(json.readableBytesView).base64EncodedData().compactMap { byte -> UInt8? in
            switch byte {
            case UInt8(ascii: "+"): UInt8(ascii: "-")
            case UInt8(ascii: "/"): UInt8(ascii: "_")
            case UInt8(ascii: "="): nil
            default: byte
            }
        }
        return String(decoding: base64URL, as: UTF8.self)
    }

    static func decode(_ cursor: String) -> FriendSortKey? {
        guard !cursor.isEmpty, cursor.utf8.count <= maximumLength else { return nil }
        var base64 = Array(cursor.utf8).map { byte -> UInt8 in
            switch byte {
            case UInt8(ascii: "-"): UInt8(ascii: "+")
            case UInt8(ascii: "_"): UInt8(ascii: "/")
            default: byte
            }
        }
        base64 += repeatElement(UInt8(ascii: "="), count: (4 - base64.count % 4) % 4)
        guard
            let data = Data(base64Encoded: Data(base64)),
            let payload = try? JSONDecoder().decode(Payload.self, from: data),
            // No name holds a NUL, and PostgreSQL cannot compare one: a cursor with it was made by hand.
            !payload.l.unicodeScalars.contains("\0"), !payload.f.unicodeScalars.contains("\0")
        else { return nil }
        return FriendSortKey(lastname: payload.l, firstname: payload.f, id: payload.i)
    }
}

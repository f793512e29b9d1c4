import Foundation
import FriendStorage

/// The opaque `cursor` of `GET /friends`: the sort key of the last friend on a page,
/// as base64url JSON. Clients pass it back unchanged.
enum FriendCursor {
    private struct Payload: Codable {
        var l: String
        var f: String
        var i: Int
    }

    static let maximumLength = 2_048

    static func encode(_ key: FriendSortKey) -> String {
        let payload = Payload(l: key.lastname, f: key.firstname, i: key.id)
        let data = (try? JSONEncoder().encode(payload)) ?? Data()
        return data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ cursor: String) -> FriendSortKey? {
        guard !cursor.isEmpty, cursor.count <= maximumLength else { return nil }
        var base64 = cursor.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard
            let data = Data(base64Encoded: base64),
            let payload = try? JSONDecoder().decode(Payload.self, from: data)
        else { return nil }
        return FriendSortKey(lastname: payload.l, firstname: payload.f, id: payload.i)
    }
}

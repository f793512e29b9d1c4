import Foundation
import FriendStorage
import Testing
@testable import FriendService

/// Clients keep a cursor and send it back, maybe to a newer server: what one server wrote, any reads.
struct FriendCursorTests {
    static let keys = [
        FriendSortKey(lastname: "Lovelace", firstname: "Ada", id: 1),
        FriendSortKey(lastname: "李\u{1}\n\"\\/", firstname: "José 😀 \u{2028}", id: 9_007_199_254_740_991),
        FriendSortKey(lastname: "", firstname: "", id: 0),
        // Whose JSON's base64 has a `+` and a `/` and would end in `=`.
        FriendSortKey(lastname: "~~~>>>", firstname: "???", id: 62),
    ]

    @Test(arguments: keys)
    func aCursorGivesBackItsKey(_ key: FriendSortKey) {
        let cursor = FriendCursor.encode(key)
        #expect(cursor.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        #expect(FriendCursor.decode(cursor) == key)
    }

    @Test func theJSONIsTheKeyAndNothingElse() throws {
        let key = Self.keys[1]
        var base64 = FriendCursor.encode(key).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        let json = try #require(Data(base64Encoded: base64))
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["l"] as? String == key.lastname)
        #expect(object["f"] as? String == key.firstname)
        #expect(object["i"] as? Int == key.id)
        #expect(object.count == 3)
    }

    /// A cursor as `JSONEncoder` wrote it, before the cursor was written by hand.
    @Test func aCursorOfAnEarlierServerStillReads() {
        #expect(FriendCursor.decode("eyJsIjoiTG92ZWxhY2UiLCJmIjoiQWRhIiwiaSI6MX0") == Self.keys[0])
    }

    // The fifth is `{"l":"a\u0000","f":"","i":1}`: a NUL made PostgreSQL fail the page with a 500.
    @Test(arguments: ["", "!!!!", "eyJsIjoiTG92ZWxhY2UifQ", String(repeating: "A", count: FriendCursor.maximumLength + 1),
                      "eyJsIjoiYVx1MDAwMCIsImYiOiIiLCJpIjoxfQ"])
    func anythingElseIsNoCursor(_ text: String) {
        #expect(FriendCursor.decode(text) == nil)
    }
}

import Foundation
import FriendsAPI
import NIOCore
import Testing
@testable import FriendService

/// The hand-written list bodies must be exactly what `JSONEncoder` would have sent.
struct FriendJSONTests {
    static let tricky = Friend(
        id: 42, firstname: "José \"Pepe\" \\ / Ødegaard", lastname: "李\u{0}\u{1F}\u{7F}\n\t\r\u{8}\u{C}",
        phonenumber: "+1 (555) 010-9999", email: "a@b.example", about: "Line one\nLine two 😀 \u{2028}"
    )
    static let plain = Friend(id: 7, firstname: "Ada", lastname: "Lovelace")
    static let versioned = Friend(id: 8, firstname: "Grace", lastname: "Hopper", version: 12)

    static func encoded(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func aFriendIsWrittenAsJSONEncoderWritesIt() throws {
        #expect(String(buffer: FriendJSON.body(Self.tricky)) == (try Self.encoded(Self.tricky)))
    }

    @Test(arguments: [[], [plain], [tricky, plain], [versioned, plain]])
    func aListIsWrittenAsJSONEncoderWritesIt(friends: [Friend]) throws {
        #expect(String(buffer: FriendJSON.body(friends)) == (try Self.encoded(friends)))
    }

    @Test(arguments: [nil, "eyJsIjoibG92ZWxhY2UifQ"], [nil, 75])
    func aPageIsWrittenAsJSONEncoderWritesIt(nextCursor: String?, total: Int?) throws {
        let page = FriendPage(items: [Self.tricky, Self.versioned], nextCursor: nextCursor, total: total)
        #expect(String(buffer: FriendJSON.body(page)) == (try Self.encoded(page)))
    }
}

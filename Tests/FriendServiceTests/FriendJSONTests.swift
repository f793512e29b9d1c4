import Foundation
import FriendsAPI
import NIOCore
import Testing
@testable import FriendService
import FriendStorage

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

    @Test(arguments: [false, true], [nil, 75])
    func aPageCutFromARunIsWrittenAsJSONEncoderWritesIt(anotherFollows: Bool, total: Int?) throws {
        let rows = [Self.tricky, Self.versioned, Self.plain].enumerated().map { StoredFriend(friend: $1, version: $0 + 3) }
        let run = EncodedFriendRun(rows: Array(rows.prefix(anotherFollows ? 3 : 2)), readWithLimit: 3, total: total)
        let page = FriendPage(
            items: rows.prefix(2).map(\.versionedFriend),
            nextCursor: anotherFollows ? FriendCursor.encode(FriendSortKey(rows[1].friend)) : nil,
            total: total
        )
        #expect(String(buffer: try #require(run.page(size: 2))) == (try Self.encoded(page)))
    }

    /// The page cut last is kept for the next request of that size, and only for that size.
    @Test func pagesOfDifferentSizesFromOneRunAreEachTheirOwn() throws {
        let rows = [Self.tricky, Self.versioned, Self.plain].enumerated().map { StoredFriend(friend: $1, version: $0 + 3) }
        let run = EncodedFriendRun(rows: rows, readWithLimit: 4, total: 3)
        func expected(_ size: Int) throws -> String {
            let nextCursor = size < 3 ? FriendCursor.encode(FriendSortKey(rows[size - 1].friend)) : nil
            return try Self.encoded(FriendPage(items: rows.prefix(size).map(\.versionedFriend), nextCursor: nextCursor, total: 3))
        }
        for size in [1, 1, 3, 1, 2, 2, 3] {
            #expect(String(buffer: try #require(run.page(size: size))) == (try expected(size)), "a page of \(size)")
        }
    }
}

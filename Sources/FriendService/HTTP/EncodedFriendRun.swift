import FriendStorage
import FriendsAPI
import NIOConcurrencyHelpers
import NIOCore

/// The friends one list request found, in list order and encoded once, as far as they were read:
/// every page of the same search from the same cursor, at any limit the run covers, is cut from
/// it without reading or encoding again, byte for byte what `JSONEncoder` writes for the page.
struct EncodedFriendRun: Sendable {
    /// The friends' JSON objects, separated by commas.
    private let items: ByteBuffer
    /// Where each friend's object ends in `items`.
    private let ends: [Int]
    /// Each friend's place in the list, for the cursor of a page that ends with it.
    private let sortKeys: [FriendSortKey]
    /// Whether the store had no friend after these: the run was read with room to spare.
    private let reachesEnd: Bool
    /// What a first page says `total` is; `nil` leaves it out (later pages, broad searches).
    let total: Int?
    /// The page cut last, sent again as it is to the next request of that size: copying a page
    /// of a hundred friends out of `items` was a twentieth of its requests' time (see BENCHMARKS.md).
    private let lastPage = NIOLockedValueBox<(size: Int, body: ByteBuffer)?>(nil)

    /// A run of `rows`, read with `limit`: fewer rows than that means the list ends with them.
    init(rows: [StoredFriend], readWithLimit limit: Int, total: Int?) {
        var items = ByteBufferAllocator().buffer(capacity: rows.count * 400)
        var ends: [Int] = []
        ends.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            if index > 0 { items.writeInteger(UInt8(ascii: ",")) }
            FriendJSON.write(row.versionedFriend, into: &items)
            ends.append(items.writerIndex)
        }
        self.items = items
        self.ends = ends
        self.sortKeys = rows.map { FriendSortKey($0.friend) }
        self.reachesEnd = rows.count < limit
        self.total = total
    }

    /// What the run costs to keep, for the cache's bound on memory: with its last page, at most as
    /// large as the run again.
    var cost: Int { items.readableBytes * 2 + ends.count * 64 }

    /// How many friends the run holds.
    var count: Int { ends.count }

    /// The largest page the run covers: any, once it reaches the end of the list.
    var largestPageCovered: Int { reachesEnd ? .max : count - 1 }

    /// Whether the run holds the page of the first `size` friends: it must also tell whether
    /// another friend follows them, so a run read with a smaller limit does not.
    func covers(pageOf size: Int) -> Bool {
        size > 0 && size <= largestPageCovered
    }

    /// The page of the first `size` friends, or `nil` when the run does not cover it.
    func page(size: Int) -> ByteBuffer? {
        guard covers(pageOf: size) else { return nil }
        if let last = lastPage.withLockedValue({ $0 }), last.size == size { return last.body }
        let body = cut(size: size)
        lastPage.withLockedValue { $0 = (size, body) }
        return body
    }

    private func cut(size: Int) -> ByteBuffer {
        let shown = min(size, count)
        let itemBytes = shown == 0 ? 0 : ends[shown - 1]
        let cursor = count > size ? FriendCursor.encode(sortKeys[size - 1]) : nil
        var body = ByteBufferAllocator().buffer(capacity: itemBytes + (cursor?.utf8.count ?? 0) + 64)
        body.writeStaticString(#"{"items":["#)
        body.writeImmutableBuffer(items.getSlice(at: items.readerIndex, length: itemBytes)!)
        body.writeStaticString(#"],"nextCursor":"#)
        if let cursor {
            FriendJSON.write(cursor, into: &body)
        } else {
            body.writeStaticString("null")
        }
        if let total {
            body.writeStaticString(#","total":"#)
            body.writeString(String(total))
        }
        body.writeInteger(UInt8(ascii: "}"))
        return body
    }
}

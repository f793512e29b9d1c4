import FriendStorage
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing
import VCard

@testable import FriendService

/// An import whose card names a friend by UID that another client deletes at that moment: the
/// card is made again, and the import answers its counts, not a 404 for an id it never named.
struct ImportDeletionRaceTests {
    @Test func aFriendDeletedAsItsCardIsImportedIsMadeAgain() async throws {
        let base = MemoryFriendStore()
        await base.migrate()
        let existing = try await base.create(card: VCardParser.parse(Array("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:race\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r\n".utf8)), resourceName: nil)
        let reads = DeletingWhenFound(base: base, writes: base, uid: "race")
        try await TestApp.run(store: ComposedFriendStore(base, reading: reads)) { client, _ in
            let file = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:race\r\nFN:Ada King\r\nN:King;Ada;;;\r\nEND:VCARD\r\n"
                + "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:other\r\nFN:Grace Hopper\r\nN:Hopper;Grace;;;\r\nEND:VCARD\r\n"
            let response = try await client.execute(
                uri: "/friends/import", method: .post, headers: [.contentType: "text/vcard"], body: ByteBuffer(string: file))
            #expect(response.status == .ok)
            #expect(String(buffer: response.body) == #"{"created":2,"failed":[],"groups":{"created":0,"unchanged":0,"updated":0},"unchanged":0,"updated":0}"#)
        }
        #expect(reads.deletions == 1)
        #expect(await base.friend(id: existing.friend.id) == nil)
        #expect(await base.all().map(\.friend.lastname).sorted() == ["Hopper", "King"])
    }
}

/// Reads that, the first time they find the friend of `uid`, delete it before answering: a
/// deletion by another client between the import's lookup and its write.
private final class DeletingWhenFound: ForwardingFriendReading {
    let base: any FriendReading
    private let writes: any FriendWriting
    private let uid: String
    private let deleted = Mutex(0)

    init(base: any FriendReading, writes: any FriendWriting, uid: String) {
        self.base = base
        self.writes = writes
        self.uid = uid
    }

    var deletions: Int { deleted.withLock { $0 } }

    func friend(uid: String) async throws -> StoredFriend? {
        guard let found = try await base.friend(uid: uid) else { return nil }
        guard uid == self.uid, deleted.withLock({ $0 == 0 }) else { return found }
        deleted.withLock { $0 += 1 }
        _ = try await writes.delete(id: found.friend.id, if: .any)
        return found
    }
}

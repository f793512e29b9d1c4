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
            #expect(String(buffer: response.body) == #"{"created":2,"failed":[],"groups":{"created":0,"unchanged":0,"updated":0},"remarks":[],"unchanged":0,"updated":0}"#)
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

/// The database fails under an import's second batch: the 503 says how many cards the first kept,
/// as no report follows, and importing the file again finishes it without making any twice.
struct ImportCutShortTests {
    @Test func aDatabaseThatFailsMidImportIsAnsweredWithWhatWasKept() async throws {
        let base = MemoryFriendStore()
        await base.migrate()
        let reads = FailingAtUID(base: base, uid: "c35")
        let file = (1...40).map { "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:c\($0)\r\nFN:Card \($0)\r\nN:\($0);Card;;;\r\nEND:VCARD\r\n" }.joined()
        try await TestApp.run(store: ComposedFriendStore(base, reading: reads)) { client, _ in
            let refused = try await client.execute(
                uri: "/friends/import", method: .post, headers: [.contentType: "text/vcard"], body: ByteBuffer(string: file))
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.headers[.retryAfter] == "1")
            #expect(String(buffer: refused.body).contains(
                "The database is not available; try again later. 32 cards were kept before that (created 32, updated 0, unchanged 0), "
                    + "perhaps some of the next ones too; import the file again to finish: no card is kept twice."),
                "\(String(buffer: refused.body))")
            reads.heal()
            let again = try await client.execute(
                uri: "/friends/import", method: .post, headers: [.contentType: "text/vcard"], body: ByteBuffer(string: file))
            #expect(again.status == .ok)
        }
        #expect(await base.all().count == 40)
    }
}

/// Reads that fail as a database that went down would, on looking up `uid`, until healed.
private final class FailingAtUID: ForwardingFriendReading {
    let base: any FriendReading
    private let uid: String
    private let healed = Mutex(false)

    init(base: any FriendReading, uid: String) {
        self.base = base
        self.uid = uid
    }

    func heal() { healed.withLock { $0 = true } }

    func friend(uid: String) async throws -> StoredFriend? {
        if uid == self.uid, !healed.withLock({ $0 }) { throw FriendStoreError.unavailable("the test took the database down") }
        return try await base.friend(uid: uid)
    }
}

import CardDAV
import Foundation
import Testing
import VCard

@testable import FriendService
@testable import FriendStorage
@testable import PostgresFriendStorage
@testable import SQLiteFriendStorage

/// A card's `UID` is one contact in a store, however spelled, also when two server instances
/// share the database: the second card of a `UID` is refused as a taken name is.
struct UIDOwnershipTests {
    static let uuid = "7A1C3E52-9B4D-4F60-8E21-5D3C2B1A0F99"

    static func card(uid: String, name: String) throws -> VCard {
        try VCardParser.parse(Array("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:\(name)\r\nN:;\(name);;;\r\nEND:VCARD\r\n".utf8))
    }

    @Test(arguments: StoreKind.available)
    func aSecondCardOfAUIDHoweverSpelledIsRefusedAndWritesNothing(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let first = try await store.create(card: Self.card(uid: Self.uuid, name: "Ada"), resourceName: "ada.vcf")
            let sequence = try await store.latestChangeSequence()
            for (index, spelling) in [Self.uuid, Self.uuid.lowercased(), "urn:uuid:" + Self.uuid.lowercased()].enumerated() {
                await #expect(throws: FriendStoreError.preconditionFailed(id: first.friend.id, currentVersion: 1), "\(spelling)") {
                    try await store.create(card: Self.card(uid: spelling, name: "Twin"), resourceName: "twin-\(index).vcf")
                }
            }
            #expect(try await store.latestChangeSequence() == sequence)
            #expect(try await store.all().count == 1)
            // A UID that is no UUID is compared as it is.
            _ = try await store.create(card: Self.card(uid: "ada@example.com", name: "Ada"), resourceName: "a.vcf")
            _ = try await store.create(card: Self.card(uid: "ADA@example.com", name: "Ada"), resourceName: "b.vcf")
            #expect(try await store.all().count == 3)
        }
    }

    /// Added side by side through one store, so that SQLite's group commit writes them in one batch.
    @Test(arguments: StoreKind.available)
    func cardsOfOneUIDAddedTogetherKeepOne(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let spellings = [Self.uuid, Self.uuid.lowercased(), "urn:uuid:" + Self.uuid, Self.uuid, Self.uuid.lowercased()]
            let outcomes = await withTaskGroup(of: Result<StoredFriend, any Error>.self, returning: [Result<StoredFriend, any Error>].self) { group in
                for (index, spelling) in spellings.enumerated() {
                    group.addTask { await Result.capturing { try await store.create(card: Self.card(uid: spelling, name: "Ada"), resourceName: "ada-\(index).vcf") } }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            let kept = outcomes.compactMap { try? $0.get() }
            #expect(kept.count == 1)
            for case .failure(let refusal) in outcomes {
                #expect(refusal as? FriendStoreError == .preconditionFailed(id: kept.first?.friend.id ?? -1, currentVersion: 1))
            }
            let stored = try await store.all()
            #expect(stored.count == 1)
        }
    }

    /// Two instances each add the same contact under a name of its own, at the same moment:
    /// one of each pair is kept.
    @Test(arguments: StoreKind.available.filter { $0 != .memory })
    func twoInstancesAddingOneUIDAtOnceKeepOne(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let other = try await kind.openSecondInstance(of: store)
            do {
                try await Self.race(store, other)
            } catch {
                await Self.close(other)
                throw error
            }
            await Self.close(other)
        }
    }

    /// Two servers each take a contact app's `PUT` of one new contact under a name of its own:
    /// one stores it, the other answers `no-uid-conflict` naming the card that has the UID.
    @Test(arguments: StoreKind.available.filter { $0 != .memory })
    func twoServersTakingAPutOfOneUIDAtOnceStoreOneAndReferTheOtherToIt(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let other = try await kind.openSecondInstance(of: store)
            do {
                let books = (FriendAddressBook(store: store), FriendAddressBook(store: other))
                for round in 0..<8 {
                    let uid = "put-\(round)"
                    let bytes = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:Ada\r\nN:;Ada;;;\r\nEND:VCARD\r\n".utf8)
                    async let here = Result.capturing { try await books.0.put(name: "\(uid)-a.vcf", card: bytes, precondition: .mustNotExist) }
                    async let there = Result.capturing { try await books.1.put(name: "\(uid)-b.vcf", card: bytes, precondition: .mustNotExist) }
                    let outcomes = [await here, await there]
                    #expect(outcomes.filter { (try? $0.get())?.created == true }.count == 1, "round \(round)")
                    let refusals = outcomes.compactMap { outcome -> String? in
                        guard case .failure(AddressBookBackendError.uidConflict(let name)) = outcome else { return nil }
                        return name
                    }
                    #expect(refusals.count == 1 && refusals.allSatisfy { $0.hasPrefix(uid) }, "round \(round): \(outcomes)")
                }
                #expect(try await store.all().count == 8)
            } catch {
                await Self.close(other)
                throw error
            }
            await Self.close(other)
        }
    }

    private static func race(_ store: any FriendStore, _ other: any FriendStore) async throws {
        for round in 0..<12 {
            let uid = "race-\(round)"
            async let here = Result.capturing { try await store.create(card: Self.card(uid: uid, name: "Here"), resourceName: "\(uid)-a.vcf") }
            async let there = Result.capturing { try await other.create(card: Self.card(uid: uid, name: "There"), resourceName: "\(uid)-b.vcf") }
            let kept = [await here, await there].filter { (try? $0.get()) != nil }.count
            #expect(kept == 1, "round \(round)")
        }
        #expect(try await store.all().count == 12)
    }

    private static func close(_ store: any FriendStore) async {
        try? await (store as? SQLiteFriendStore)?.close()
        try? await (store as? PostgresFriendStore)?.close()
    }
}

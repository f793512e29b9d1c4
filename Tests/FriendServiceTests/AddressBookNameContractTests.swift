import Testing

@testable import FriendService
@testable import FriendStorage

/// The address book's name, as every store keeps it: none at first, what was set after, none
/// again once removed; on SQLite and PostgreSQL also for another instance over the same database
/// (as after a restart).
struct AddressBookNameContractTests {
    @Test(arguments: StoreKind.available)
    func aNameIsKeptUntilRemoved(kind: StoreKind) async throws {
        try await kind.withStore { store in
            #expect(try await store.addressBookName() == nil)
            try await store.setAddressBookName("Family & Friends ✨")
            #expect(try await store.addressBookName() == "Family & Friends ✨")
            try await store.setAddressBookName("Work")
            #expect(try await store.addressBookName() == "Work")
            try await store.setAddressBookName(nil)
            #expect(try await store.addressBookName() == nil)
        }
    }

    @Test(arguments: StoreKind.available.filter { $0 != .memory })
    func anotherInstanceReadsTheName(kind: StoreKind) async throws {
        try await kind.withStore { store in
            try await store.setAddressBookName("Kept")
            let second = try await kind.openSecondInstance(of: store)
            try await second.migrate()
            let name = await Result.capturing { try await second.addressBookName() }
            try await second.close()
            #expect(try name.get() == "Kept")
        }
    }
}

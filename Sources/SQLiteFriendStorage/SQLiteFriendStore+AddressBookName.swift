import FriendStorage
import SQLiteNIO

/// The address book's name, in the one row of its table (see `SQLiteMigrations`, version 9).
extension SQLiteFriendStore {
    public func addressBookName() async throws -> String? {
        try await readShort { connection in
            try connection.rows("SELECT display_name FROM \(FriendSchema.addressBookTable)", []) { $0.text(0) }.first ?? nil
        }
    }

    public func setAddressBookName(_ name: String?) async throws {
        try await writingAlone { writer in
            try writer.run("UPDATE \(FriendSchema.addressBookTable) SET display_name = ?", [name.map { .text($0) } ?? .null])
        }
    }
}

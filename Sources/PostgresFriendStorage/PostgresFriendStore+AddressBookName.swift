import FriendStorage
import PostgresNIO

/// The address book's name, in the one row of its table (see `PostgresMigrations`, version 9).
extension PostgresFriendStore {
    public func addressBookName() async throws -> String? {
        let query = sql("SELECT display_name FROM %s.\(FriendSchema.addressBookTable)")
        let rows = try await withConnection { try await $0.query(query, logger: self.logger).collect() }
        return try rows.first?.decode(String?.self) ?? nil
    }

    public func setAddressBookName(_ name: String?) async throws {
        let query = if let name {
            sql("UPDATE %s.\(FriendSchema.addressBookTable) SET display_name = $1", name)
        } else {
            sql("UPDATE %s.\(FriendSchema.addressBookTable) SET display_name = NULL")
        }
        _ = try await withConnection { try await $0.query(query, logger: self.logger) }
    }
}

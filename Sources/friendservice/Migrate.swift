import ArgumentParser
import FriendService

struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Bring the database schema up to date and exit.")

    @OptionGroup var database: DatabaseOption

    func run() async throws {
        let configuration = FriendServerConfiguration(
            database: try database.location(), backends: DatabaseOption.backends, logLevel: .warning
        )
        let store = try await FriendServer.openMigratedStore(configuration)
        let version = try await store.schemaVersion()
        try await store.close()
        print("\(configuration.database): schema version \(version)")
    }
}

import ArgumentParser
import Foundation
import FriendService
import FriendStorage

struct Seed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Add generated sample friends (fast: batched, in transactions).")

    // Unconditional: `--count -1` is refused for its number, not as a missing value.
    @Option(parsing: .unconditional, help: "How many friends to add.")
    var count = 1_000

    @OptionGroup var database: DatabaseOption

    func run() async throws {
        guard count >= 0 else { throw ValidationError("--count must not be negative.") }
        let configuration = FriendServerConfiguration(
            database: try database.location(), backends: DatabaseOption.backends, logLevel: .warning
        )
        let store = try await FriendServer.openMigratedStore(configuration)
        let clock = ContinuousClock()
        let start = clock.now
        do {
            try await store.insert(Array(SampleFriends(count: count)))
        } catch {
            try? await store.close()
            throw error
        }
        try await store.close()
        let elapsed = start.duration(to: clock.now).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        print("Added \(count) friends to \(configuration.database) in \(String(format: "%.1f", seconds)) s.")
    }
}

import ArgumentParser
import Foundation
import FriendStorage

/// `friendservice restored`: what a database put back from a backup needs before clients return.
struct Restored: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "After putting the database back from a backup, with no server running: move it past every tag and token given out since the backup.",
        discussion: """
            Versions and change numbers count on from the backup's, so the entity tags, event ids \
            and CardDAV sync tokens that clients kept from after the backup would be given out again \
            for other content. This moves every friend's version and the change log past them, in \
            the main store and every account's, and gives the change log a new epoch: apps reload \
            once and contact apps sync afresh.
            """
    )

    @OptionGroup var database: DatabaseOption

    func run() async throws {
        print(try await run(now: Date()))
    }

    /// Does it as of `now`, and says what it did.
    func run(now: Date) async throws -> String {
        let location = try database.location()
        guard location != .memory else { throw UserCommandError("--database memory keeps nothing that a backup could put back.") }
        let accounts = AccountsDatabase(location: location)
        guard try await accounts.mainStoreExists else {
            throw UserCommandError("There is no database at \(location): check --database (or FRIENDSERVICE_DATABASE).")
        }
        let (stores, storeless) = try await accounts.withRegistry { main, registry in
            try await main.startTimelineAfterRestore(now: now)
            var stores = 1
            var storeless: [String] = []
            for account in try await registry.accounts() where !account.ownsMainStore {
                let own = location.location(ofAccount: account)
                // Never made (no friend yet), or its copy was not put back: none is made now.
                guard try await accounts.hasStore(at: own) else {
                    storeless.append("\(account.name) has no store at \(own): they had no friends yet, or its copy was not put back.")
                    continue
                }
                try await accounts.withFriends(of: account, main: main) { try await $0.startTimelineAfterRestore(now: now) }
                stores += 1
            }
            return (stores, storeless)
        }
        let moved = stores == 1 ? "its store starts" : "its \(stores) stores start"
        return ([
            "\(location): \(moved) after every tag and token given out before. Start the servers: apps reload, and contact apps sync afresh, once."
        ] + storeless).joined(separator: "\n")
    }
}

import Foundation
import FriendsAPI
import SQLiteNIO
import Testing

@testable import FriendService
@testable import FriendStorage
@testable import PostgresFriendStorage
@testable import SQLiteFriendStorage

/// A database the server cannot use stops it at start, with a message that names the database
/// (file or URL, never a password) and says what is wrong in plain words.
struct DatabaseStartupTests {
    @Test(arguments: ["mem", "bogus:x", "friends.sqlite", "", "mysql://db/friends", "sqlite"])
    func onlyMemorySQLiteAndPostgresURLsAreAccepted(text: String) {
        let error = #expect(throws: ConfigurationError.self) { try DatabaseLocation(parsing: text) }
        let message = error?.message ?? ""
        #expect(message.contains("memory") && message.contains("sqlite:PATH") && message.contains("postgres://"), "\(message)")
    }

    @Test func twoProcessesMigratingANewFileTakeTurns() async throws {
        try await TemporaryDirectory.with { directory in
            for round in 0..<8 {
                let path = directory.appendingPathComponent("friends-\(round).sqlite").path
                async let first = Self.openAndMigrate(path)
                async let second = Self.openAndMigrate(path)
                let versions = try await [first, second]
                #expect(versions == [FriendSchema.currentVersion, FriendSchema.currentVersion], "round \(round)")
            }
        }
    }

    private static func openAndMigrate(_ path: String) async throws -> Int {
        let store = try await SQLiteFriendStore.open(path: path)
        let result = await Result.capturing {
            try await store.migrate()
            return try await store.schemaVersion()
        }
        try await store.close()
        return try result.get()
    }

    @Test func aReadOnlyFileRefusesToStartNamingTheFile() async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory.appendingPathComponent("friends.sqlite").path
            _ = try await Self.openAndMigrate(path)
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
            let error = await #expect(throws: DatabaseError.self) {
                try await FriendServer.openMigratedStore(Self.configuration(.sqlite(path: path)))
            }
            #expect(error?.message == "The database sqlite:\(path) is read-only; FriendService must write to it. "
                + "Make it writable (chmod u+w) or choose another file.")
        }
    }

    /// The file holds everyone's contacts and the accounts' password hashes: another user of the
    /// machine may not read it, nor its write-ahead log, whatever the umask.
    @Test func aNewDatabaseItsLogAndItsFolderAreTheUsersAlone() async throws {
        // Under a umask that keeps files private already, the test could not fail.
        let umaskBefore = umask(0o022)
        defer { umask(umaskBefore) }
        try await TemporaryDirectory.with { directory in
            let folder = directory.appendingPathComponent("new-folder").path
            let path = folder + "/friends.sqlite"
            let store = try await SQLiteFriendStore.open(path: path)
            let result = await Result.capturing {
                try await store.migrate()
                _ = try await store.create(.sample("Ada", "Lovelace"))
                for file in [path, path + "-wal", path + "-shm"] {
                    let mode = try #require(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int)
                    #expect(mode == 0o600, "\(file): \(String(mode, radix: 8))")
                }
                let folderMode = try #require(try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int)
                #expect(folderMode == 0o700, "\(String(folderMode, radix: 8))")
            }
            try await store.close()
            try result.get()
        }
    }

    /// A file made readable by everyone before (or by hand) is said to be so as the server starts.
    @Test func aDatabaseOthersMayReadIsSaidSo() async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory.appendingPathComponent("friends.sqlite").path
            _ = try await Self.openAndMigrate(path)
            #expect(SQLiteFile(path: path).modeOthersMayRead == nil)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
            #expect(SQLiteFile(path: path).modeOthersMayRead == 0o644)
            let log = CapturedLog()
            let store = try await SQLiteFriendStore.open(path: path, logger: log.logger)
            try await store.close()
            #expect(log.lines(at: .warning).contains { $0.message.contains("can be read by other users of this machine (mode 644)") })
        }
    }

    @Test func aFileInTheWayOfTheFolderIsNamedInPlainWords() async throws {
        try await TemporaryDirectory.with { directory in
            let blocker = directory.appendingPathComponent("not-a-folder")
            try Data("x".utf8).write(to: blocker)
            let folder = blocker.appendingPathComponent("data")
            let path = folder.appendingPathComponent("friends.sqlite").path
            let error = await #expect(throws: DatabaseError.self) {
                try await FriendServer.openMigratedStore(Self.configuration(.sqlite(path: path)))
            }
            #expect(error?.message == "Cannot create the folder \(folder.path) for the database sqlite:\(path): not a directory.")
        }
    }

    @Test func aFileThatIsNotADatabaseIsNamed() async throws {
        try await TemporaryDirectory.with { directory in
            let path = directory.appendingPathComponent("notes.sqlite").path
            try Data(String(repeating: "not a database\n", count: 100).utf8).write(to: URL(fileURLWithPath: path))
            let error = await #expect(throws: DatabaseError.self) {
                try await FriendServer.openMigratedStore(Self.configuration(.sqlite(path: path)))
            }
            #expect(error?.message == "Cannot open the database sqlite:\(path): the file is not a SQLite database.")
        }
    }

    @Test(arguments: [StoreKind.sqlite, .postgres].filter(StoreKind.available.contains))
    func aSchemaNewerThanThisServerRefusesToStartSayingWhichVersions(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let newer = FriendSchema.currentVersion + 5
            switch store {
            case let store as SQLiteFriendStore:
                try await store.recordSchemaVersion(newer)
            case let store as PostgresFriendStore:
                try await store.recordSchemaVersion(newer)
            default:
                Issue.record("unexpected store \(store.kind)")
            }
            let error = await #expect(throws: DatabaseError.self) { try await store.migrate() }
            #expect(error?.message.contains(
                "has schema version \(newer), but this FriendService knows versions 1 to \(FriendSchema.currentVersion) only") == true,
                "\(String(describing: error))")
        }
    }

    static func configuration(_ database: DatabaseLocation) -> FriendServerConfiguration {
        FriendServerConfiguration(hostname: "127.0.0.1", port: 0, database: database, backends: TestApp.backends, logLevel: .critical)
    }
}

extension SQLiteFriendStore {
    /// Writes a schema version as a newer server would have.
    func recordSchemaVersion(_ version: Int) async throws {
        try await writes.perform { connection in
            try connection.run(
                "INSERT INTO \(FriendSchema.migrationsTable) (version, applied_at) VALUES (?, datetime('now'))", [.integer(version)])
        }
    }
}

extension PostgresFriendStore {
    func recordSchemaVersion(_ version: Int) async throws {
        try await withConnection { connection in
            _ = try await connection.query(
                self.sql("INSERT INTO %s.\(FriendSchema.migrationsTable) (version) VALUES ($1)", version), logger: self.logger)
        }
    }
}

import Foundation
import Testing

/// `friendservice` refuses a database it cannot use: a message that says why, and a non-zero exit.
@Suite(.takingTurns)
struct FriendServiceDatabaseErrorEndToEndTests {
    @Test(arguments: ["mem", "bogus:x"])
    func anUnknownDatabaseIsRefusedSayingWhatIsAccepted(database: String) async throws {
        let migrate = try FriendServiceProcess(arguments: ["migrate", "--database", database])
        #expect(await migrate.exitStatus() != 0)
        #expect(migrate.output.contains("use memory, sqlite:PATH"), "\(migrate.output)")
        #expect(!FileManager.default.fileExists(atPath: database))
    }

    /// Nothing listens on port 1 of the loopback address. The refusal itself comes at once; the
    /// limit is against a hang, as the PostgreSQL start-up tests' is: starting a process while the
    /// whole suite runs beside it on two cores took 16.7 s once in CI and 47.9 s once by hand,
    /// during the suite's first seconds.
    @Test(arguments: ["migrate", "serve"])
    func aRefusedPostgreSQLConnectionIsNamedWithinSeconds(command: String) async throws {
        let url = "postgres://friends:s3cret@127.0.0.1:1/friends?sslmode=disable"
        let clock = ContinuousClock()
        let start = clock.now
        let arguments = command == "serve" ? ["serve", "--port", "0", "--database", url] : ["migrate", "--database", url]
        let process = try FriendServiceProcess(arguments: arguments)
        #expect(await process.exitStatus() != 0)
        #expect(start.duration(to: clock.now) < .seconds(90))
        #expect(process.output.contains("Cannot connect to PostgreSQL at postgres://friends:***@127.0.0.1:1/friends?sslmode=disable: connection refused."),
                "\(process.output)")
        #expect(!process.output.contains("s3cret"))
    }

    /// A port already taken, or an address this machine does not have: one sentence, no stack
    /// of library errors.
    @Test func aPortInUseAndAnUnknownAddressAreSaidPlainly() async throws {
        let first = try FriendServiceProcess(arguments: ["serve", "--port", "0", "--database", "memory"])
        let port = try #require(try await first.baseURL().port)
        let second = try FriendServiceProcess(arguments: ["serve", "--port", "\(port)", "--database", "memory"])
        #expect(await second.exitStatus() != 0)
        #expect(second.output.contains("Port \(port) of 127.0.0.1 is in use (another FriendService?). Pass --port"), "\(second.output)")
        // Refused before its database is opened: a server started by mistake beside a running
        // one must not migrate that one's database under it.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("port-in-use-\(UUID().uuidString).sqlite").path
        let third = try FriendServiceProcess(arguments: ["serve", "--port", "\(port)", "--database", "sqlite:" + path])
        #expect(await third.exitStatus() != 0)
        #expect(third.output.contains("Port \(port) of 127.0.0.1 is in use"), "\(third.output)")
        #expect(!FileManager.default.fileExists(atPath: path))
        first.kill(signal: SIGTERM)
        _ = await first.exitStatus()

        let unknown = try FriendServiceProcess(arguments: ["serve", "--hostname", "nosuch.invalid", "--token", "x", "--port", "0", "--database", "memory"])
        #expect(await unknown.exitStatus() != 0)
        #expect(unknown.output.contains("Cannot listen on nosuch.invalid: this machine has no such address."), "\(unknown.output)")
    }
}

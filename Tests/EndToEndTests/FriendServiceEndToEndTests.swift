import Foundation
import FriendStorage
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The real `friendservice` binary: durability across `kill -9`, graceful SIGTERM, refusing unsafe settings.
@Suite(.serialized, .takingTurns)
struct FriendServiceEndToEndTests {
    @Test func acknowledgedWritesSurviveKill9() async throws {
        try await withTemporaryDatabase { database in
            let server = try FriendServiceProcess(arguments: ["serve", "--port", "0", "--database", database])
            let base = try await server.baseURL()
            var acknowledged = 0
            for index in 0..<40 {
                let status = try await post(base.appendingPathComponent("friends"), json: #"{"firstname": "Ada\#(index)", "lastname": "Lovelace"}"#)
                #expect(status == 201)
                acknowledged += 1
            }
            server.kill(signal: SIGKILL)
            #expect(await server.exitStatus() != 0)

            let restarted = try FriendServiceProcess(arguments: ["serve", "--port", "0", "--database", database])
            let (data, _) = try await URLSession.shared.data(from: try await restarted.baseURL().appendingPathComponent("listFriends"))
            let friends = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
            #expect(friends.count == acknowledged)
            restarted.kill(signal: SIGTERM)
            #expect(await restarted.exitStatus() == 0)
        }
    }

    @Test func sigtermStopsGracefullyAndMigrateReportsTheSchema() async throws {
        try await withTemporaryDatabase { database in
            let server = try FriendServiceProcess(arguments: ["serve", "--port", "0", "--database", database])
            let base = try await server.baseURL()
            #expect(try await post(base.appendingPathComponent("addFriend"), json: #"{"firstname":"A","lastname":"B","phonenumber":"123"}"#) == 201)
            server.kill(signal: SIGTERM)
            #expect(await server.exitStatus() == 0)

            let migrate = try FriendServiceProcess(arguments: ["migrate", "--database", database])
            #expect(await migrate.exitStatus() == 0)
            #expect(migrate.output.contains("schema version \(FriendSchema.currentVersion)"))
        }
    }

    @Test func seedAddsTheRequestedNumberOfFriends() async throws {
        try await withTemporaryDatabase { database in
            let seed = try FriendServiceProcess(arguments: ["seed", "--count", "20000", "--database", database])
            #expect(await seed.exitStatus() == 0)
            #expect(seed.output.contains("Added 20000 friends"))
        }
    }

    /// Read as UTF-8 with its bad bytes made U+FFFD, such a password could never be typed to sign in.
    @Test func aPasswordOnStandardInputThatIsNotUTF8IsRefused() async throws {
        try await withTemporaryDatabase { database in
            let add = ["user", "add", "alice", "--password-stdin", "--database", database]
            let latin1 = try FriendServiceProcess(arguments: add, input: Data("secret-".utf8) + Data([0xE9, 0x0A]))
            #expect(await latin1.exitStatus() != 0)
            #expect(latin1.output.contains("The password is not UTF-8 text"), "\(latin1.output)")
            let utf8 = try FriendServiceProcess(arguments: add, input: Data("secret-é\r\n".utf8))
            #expect(await utf8.exitStatus() == 0, "\(utf8.output)")
        }
    }

    @Test func aPublicAddressWithoutATokenRefusesToStart() async throws {
        let server = try FriendServiceProcess(arguments: ["serve", "--hostname", "0.0.0.0", "--port", "0", "--database", "memory"])
        #expect(await server.exitStatus() != 0)
        #expect(server.output.contains("--token"))
    }

    private func withTemporaryDatabase(_ body: (String) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("friendservice-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body("sqlite:" + directory.appendingPathComponent("friends.sqlite").path)
    }

    private func post(_ url: URL, json: String) async throws -> Int {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(json.utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }
}

/// A `friendservice` child process whose output is collected, found next to the test bundle.
final class FriendServiceProcess: @unchecked Sendable {
    private var pid = pid_t()
    private let lock = NSLock()
    private var collected = ""
    private var outputEnded = false
    private var terminationStatus: Int32?
    private var portWaiters: [CheckedContinuation<Int?, Never>] = []
    private var exitWaiters: [CheckedContinuation<Int32, Never>] = []

    /// - Parameter input: the child's standard input, ended after it; none when nil.
    init(arguments: [String], input: Data? = nil) throws {
        let binary = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0])
            .deletingLastPathComponent().appendingPathComponent("friendservice")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw Failure("friendservice binary not found at \(binary.path); build the package first")
        }
        // Our ends of the pipes are closed on exec, so no other child holds them open.
        let output = try Self.pipeClosedOnExec()
        let inputPipe = try input.map { _ in try Self.pipeClosedOnExec() }
        defer {
            close(output[1])
            if let inputPipe { close(inputPipe[0]) }
        }
        do {
            pid = try ChildProcess.spawn(
                binary.path, arguments, environment: ["FRIENDSERVICE_LOG_LEVEL": "notice"],
                standardInput: inputPipe.map { .descriptor($0[0]) } ?? .null,
                standardOutput: .descriptor(output[1]), standardError: .descriptor(output[1]))
        } catch {
            close(output[0])
            if let inputPipe { close(inputPipe[1]) }
            throw error
        }
        Thread.detachNewThread { [self, pid] in
            exited(ChildProcess.exitStatus(waitingFor: pid) ?? -1)
        }
        if let inputPipe, let input {
            let writer = FileHandle(fileDescriptor: inputPipe[1], closeOnDealloc: true)
            writer.write(input)
            try writer.close()
        }
        let reader = FileHandle(fileDescriptor: output[0], closeOnDealloc: true)
        Thread.detachNewThread { [self] in
            while true {
                let data = reader.availableData
                received(data)
                if data.isEmpty { return }
            }
        }
        // A hung server must fail its test, not hang the run: nothing here takes a minute.
        Task.detached { [weak self] in
            try? await Task.sleep(for: .seconds(60))
            guard let self, !self.hasExited else { return }
            self.kill(signal: SIGKILL)
        }
    }

    var output: String { lock.withLock { collected } }

    private static func pipeClosedOnExec() throws -> [Int32] {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { throw Failure("pipe: \(String(cString: strerror(errno)))") }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return descriptors
    }

    private var hasExited: Bool { lock.withLock { terminationStatus != nil } }

    /// The address the server reported once listening.
    func baseURL() async throws -> URL {
        let port = await withCheckedContinuation { continuation in
            lock.withLock {
                portWaiters.append(continuation)
                resolveWaiters()
            }
        }
        guard let port, let url = URL(string: "http://127.0.0.1:\(port)") else {
            throw Failure("friendservice did not start: \(output)")
        }
        return url
    }

    func kill(signal: Int32) {
        _ = Glibc.kill(pid, signal)
    }

    /// The exit status once the process ended and all of its output was read.
    func exitStatus() async -> Int32 {
        await withCheckedContinuation { continuation in
            lock.withLock {
                exitWaiters.append(continuation)
                resolveWaiters()
            }
        }
    }

    private func received(_ data: Data) {
        lock.withLock {
            if data.isEmpty { outputEnded = true }
            collected += String(decoding: data, as: UTF8.self)
            resolveWaiters()
        }
    }

    private func exited(_ status: Int32) {
        lock.withLock {
            terminationStatus = status
            resolveWaiters()
        }
    }

    /// Called with the lock held.
    private func resolveWaiters() {
        let finished = outputEnded && terminationStatus != nil
        if let port = Self.port(in: collected) {
            portWaiters.forEach { $0.resume(returning: port) }
            portWaiters = []
        } else if finished {
            portWaiters.forEach { $0.resume(returning: nil) }
            portWaiters = []
        }
        if finished, let terminationStatus {
            exitWaiters.forEach { $0.resume(returning: terminationStatus) }
            exitWaiters = []
        }
    }

    private static func port(in output: String) -> Int? {
        guard let match = output.firstMatch(of: /listening.*address=[^\s]*:(\d+)|address=[^\s]*:(\d+).*listening/) else { return nil }
        return Int(match.output.1 ?? match.output.2 ?? "")
    }
}

extension FriendServiceProcess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

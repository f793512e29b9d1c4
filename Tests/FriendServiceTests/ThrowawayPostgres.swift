import Foundation
import Testing
import TestSupport

/// A PostgreSQL cluster of a test's own, in a temporary folder on an OS-picked port, that the test
/// may stop and start (the shared test database must never be stopped).
///
/// Needs PostgreSQL's server binaries: `FRIENDSERVICE_TEST_POSTGRES_BIN` names their folder, or the
/// newest `/usr/lib/postgresql/*/bin` (Debian's layout) is used. As root they run as `postgres`.
final class ThrowawayPostgres: Sendable {
    let directory: URL
    let port: Int
    private let binaries: URL

    static var binaries: URL? {
        if let folder = ProcessInfo.processInfo.environment["FRIENDSERVICE_TEST_POSTGRES_BIN"], !folder.isEmpty {
            return URL(fileURLWithPath: folder)
        }
        let root = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return versions.compactMap(Int.init).sorted().reversed()
            .map { root.appendingPathComponent("\($0)/bin") }
            .first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("initdb").path) }
    }

    static let skipMessage: Comment = "PostgreSQL outage test NOT run: no initdb found (install PostgreSQL or set FRIENDSERVICE_TEST_POSTGRES_BIN)"

    private init(directory: URL, port: Int, binaries: URL) {
        self.directory = directory
        self.port = port
        self.binaries = binaries
    }

    /// A new cluster, running; with `tls`, it takes TLS connections only, showing `TestCertificate`.
    static func start(tls: Bool = false) async throws -> ThrowawayPostgres {
        let binaries = try #require(binaries)
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("friendservice-postgres-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if getuid() == 0 {
            try FileManager.default.setAttributes([.ownerAccountName: "postgres"], ofItemAtPath: directory.path)
        }
        let cluster = ThrowawayPostgres(directory: directory, port: try FreePort.pickBelowEphemeralPorts(), binaries: binaries)
        do {
            try await cluster.run("initdb", "-D", cluster.data, "-U", "postgres", "--auth=trust", "--no-sync")
            if tls { try cluster.turnOnTLS() }
            try await cluster.startAgain()
        } catch {
            await cluster.remove()
            throw error
        }
        return cluster
    }

    var url: String { "postgres://postgres@127.0.0.1:\(port)/postgres?sslmode=disable" }

    /// Starts the stopped cluster; returns once it accepts connections.
    func startAgain() async throws {
        try await run(
            "pg_ctl", "-D", data, "-l", directory.appendingPathComponent("postgres.log").path, "-w",
            "-o", "-c listen_addresses=127.0.0.1 -p \(port) -k \(directory.path) -c fsync=off", "start"
        )
    }

    /// Freezes every process of the running cluster (SIGSTOP), as a hung machine or disk would:
    /// connections stay open and nothing answers. `thaw` wakes them.
    func freeze() throws { try signalProcesses(SIGSTOP) }

    func thaw() throws { try signalProcesses(SIGCONT) }

    /// The postmaster (the first line of `postmaster.pid`) and its children, from `/proc`.
    private func signalProcesses(_ signal: Int32) throws {
        let lines = try String(contentsOfFile: data + "/postmaster.pid", encoding: .utf8).split(separator: "\n")
        let postmaster = try #require(lines.first.flatMap { Int32($0) })
        let children = try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap(Int32.init).filter { pid in
            // /proc/PID/stat: "PID (name) STATE PPID …"; the name may hold spaces, not ")".
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let end = stat.lastIndex(of: ")") else { return false }
            return stat[stat.index(after: end)...].split(separator: " ").dropFirst().first.flatMap { Int32($0) } == postmaster
        }
        for pid in [postmaster] + children { kill(pid, signal) }
    }

    /// Stops the cluster (its connections are closed); returns once it is down.
    func stop() async throws {
        try await run("pg_ctl", "-D", data, "-m", "fast", "-w", "stop")
    }

    func remove() async {
        try? await run("pg_ctl", "-D", data, "-m", "immediate", "-w", "stop")
        try? FileManager.default.removeItem(at: directory)
    }

    private var data: String { directory.appendingPathComponent("data").path }

    /// The certificate the cluster shows once TLS is on, for clients that check it.
    var certificateFile: URL { directory.appendingPathComponent("data/server.crt") }

    /// Makes the server show `TestCertificate` and refuse connections without TLS.
    private func turnOnTLS() throws {
        let files = [("server.crt", TestCertificate.certificate), ("server.key", TestCertificate.privateKey),
                     ("pg_hba.conf", "local all all trust\nhostssl all all 127.0.0.1/32 trust\n")]
        for (name, text) in files {
            let path = directory.appendingPathComponent("data/\(name)").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            var attributes: [FileAttributeKey: Any] = [.posixPermissions: 0o600]
            if getuid() == 0 { attributes[.ownerAccountName] = "postgres" }
            try FileManager.default.setAttributes(attributes, ofItemAtPath: path)
        }
        let settings = try FileHandle(forWritingTo: URL(fileURLWithPath: data).appendingPathComponent("postgresql.conf"))
        try settings.seekToEnd()
        try settings.write(contentsOf: Data("ssl = on\n".utf8))
        try settings.close()
    }

    /// Runs one of PostgreSQL's tools in the cluster's folder and waits for it on a thread of its
    /// own (`Process` here may miss the exit of a tool that leaves a server running behind it).
    private func run(_ tool: String, _ arguments: String...) async throws {
        let executable = binaries.appendingPathComponent(tool).path
        let command = (getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : []) + [executable] + arguments
        let output = directory.appendingPathComponent("\(tool).out").path
        let script = "cd \(Self.quoted(directory.path)) && exec " + command.map(Self.quoted).joined(separator: " ")
            + " >\(Self.quoted(output)) 2>&1"
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            var pid: pid_t = 0
            let words: [String] = ["/bin/sh", "-c", script]
            var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) }
            argv.append(nil)
            defer { argv.forEach { free($0) } }
            // The server pg_ctl leaves running inherits nothing of the test process: holding another
            // test's pipe open would make that test wait for the end of its output for ever.
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            SpawnActions.closeInheritedDescriptors(&actions)
            let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, environ)
            guard spawned == 0 else {
                continuation.resume(throwing: POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO))
                return
            }
            let child = pid
            Thread.detachNewThread {
                var status: Int32 = 0
                while waitpid(child, &status, 0) == -1, errno == EINTR {}
                continuation.resume(returning: (status >> 8) & 0xFF)
            }
        }
        guard status == 0 else {
            let message = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            throw ToolFailed(description: "\(tool) exited with \(status): \(message)")
        }
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    struct ToolFailed: Error, CustomStringConvertible {
        var description: String
    }
}

/// A TCP port on 127.0.0.1 that nothing listens on right now.
enum FreePort {
    /// A port free now, that the system picks.
    static func pick() throws -> Int {
        guard let port = try bind(port: 0) else { throw POSIXError(.EADDRINUSE) }
        return port
    }

    /// A port free now, below the range the system picks ports from (32768 and up on Linux): a
    /// cluster stopped for an outage gets its port back when it starts again, which a server of
    /// another test asking for any free port meanwhile could otherwise have been given.
    static func pickBelowEphemeralPorts() throws -> Int {
        for _ in 0..<200 {
            if let port = try bind(port: Int.random(in: 20_000..<32_768)) { return port }
        }
        throw POSIXError(.EADDRINUSE)
    }

    /// Binds a socket to `port` of 127.0.0.1 (0: any) and closes it; the port bound, or nil when taken.
    private static func bind(port: Int) throws -> Int? {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EMFILE) }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                Glibc.bind(socket, address, length) == 0 && getsockname(socket, address, &length) == 0
            }
        }
        return bound ? Int(UInt16(bigEndian: address.sin_port)) : nil
    }
}

import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program to its end and collects what it printed, the way a shell would start it.
///
/// Not `Foundation.Process`, for two reasons that matter when the program leaves a daemon behind
/// (as `tmux new-session` leaves its server): a test runs on a thread that blocks most signals, and
/// a spawned child inherits that mask, so the daemon and everything it starts would ignore SIGTERM,
/// SIGHUP and SIGCHLD; and a daemon holding the write end of an output pipe means the read never
/// ends. Here signals start unblocked and at their defaults, output goes to files, and no other
/// descriptor of the test process is inherited.
enum ChildProcess {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `started` is told the child's process id as soon as it runs (to send it a signal, say).
    static func run(_ executable: String, _ arguments: [String], started: (pid_t) -> Void = { _ in }) throws -> Result {
        let directory = FileManager.default.temporaryDirectory
        let outputURL = directory.appendingPathComponent("child-\(UUID().uuidString).out")
        let errorsURL = directory.appendingPathComponent("child-\(UUID().uuidString).err")
        defer {
            try? FileManager.default.removeItem(at: outputURL)
            try? FileManager.default.removeItem(at: errorsURL)
        }

        let pid = try spawn(executable, arguments, standardOutput: .file(outputURL.path), standardError: .file(errorsURL.path))
        started(pid)

        guard let status = exitStatus(waitingFor: pid) else { throw Failure(description: "waitpid failed for \(executable)") }
        return Result(
            status: status,
            output: (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "",
            errors: ((try? String(contentsOf: errorsURL, encoding: .utf8)) ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines)
        )
    }

    /// Waits for the child to end. Exited normally: the exit code; killed by a signal: 128 + the
    /// signal, as shells report it; `nil` when it is no child of ours.
    static func exitStatus(waitingFor pid: pid_t) -> Int32? {
        var waitStatus: Int32 = 0
        while waitpid(pid, &waitStatus, 0) == -1 {
            guard errno == EINTR else { return nil }
        }
        let signal = waitStatus & 0x7f
        return signal == 0 ? (waitStatus >> 8) & 0xff : 128 + signal
    }

    /// Where a child's standard stream goes: `/dev/null`, a file made afresh, or a descriptor of ours.
    enum Stream {
        case null
        case file(String)
        case descriptor(Int32)
    }

    /// Starts a program and returns its process id. Not `Foundation.Process` (see above); its
    /// `run()` on Linux also reads past a buffer when the test process has many descriptors open
    /// (swift-corelibs-foundation PR 5472, not in Swift 6.3.1), which crashed a full `swift test`.
    static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        standardInput: Stream = .null, standardOutput: Stream, standardError: Stream
    ) throws -> pid_t {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        for (descriptor, stream) in [(Int32(0), standardInput), (1, standardOutput), (2, standardError)] {
            switch stream {
            case .null: posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let path): posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .descriptor(let ours): posix_spawn_file_actions_adddup2(&actions, ours, descriptor)
            }
        }
        // Nothing else of the test process is passed on: a daemon left running must not hold another
        // test's pipe open (that test would wait for the end of its output for ever).
        #if canImport(Glibc)
        SpawnActions.closeInheritedDescriptors(&actions)
        #endif

        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var catchableSignals = sigset_t()
        sigemptyset(&catchableSignals)
        for signal in Int32(1)..<32 where signal != SIGKILL && signal != SIGSTOP {
            sigaddset(&catchableSignals, signal)
        }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &catchableSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { _, new in new }
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        return pid
    }
}

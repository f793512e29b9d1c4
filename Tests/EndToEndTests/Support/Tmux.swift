import Foundation

/// Drives a program in a real terminal: a detached tmux session of a fixed size on a tmux server
/// of its own (its own socket, no user configuration), so tests neither see nor disturb other sessions.
///
/// ```swift
/// let tmux = try TmuxSession.start(["/path/to/app", "--flag"], environment: ["LANG": "C.UTF-8"], rows: 24, columns: 80)
/// defer { tmux.kill() }
/// try await tmux.waitForText("Flights")
/// try tmux.sendKeys("Down", "Enter")   // tmux key names: Up, Down, Enter, Escape, BSpace, C-c, ...
/// try tmux.sendText("hello")           // literal text
/// let status = try await tmux.waitForExit()
/// ```
///
/// The terminal stays open after the program exits, so a test can read its last screen: the shell
/// that started the program reports the exit status in the pane's title and then waits. Relying on
/// the pane closing instead loses things: tmux may drop output that was printed just before the
/// program exited, and sometimes never learns the exit status. Because the title is set after all
/// the program printed, once `waitForExit()` returns the screen is final. `kill()` ends the server
/// and everything in it.
struct TmuxSession: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The tmux server's socket name (`tmux -L`), unique per session.
    let socketName: String
    let sessionName = "main"
    private static let exitTitlePrefix = "e2e-exit:"
    /// How long a wait lasts before it fails. A wait ends as soon as the screen is right, so this
    /// only bounds a failure; it is generous because the whole suite shares two cores with these
    /// programs, which start a server, migrate a file and draw.
    static let patience: Duration = .seconds(60)

    /// Whether a `tmux` executable is on the PATH; tests skip with a message when it is not.
    static var isAvailable: Bool { executablePath(named: "tmux") != nil }

    /// Starts `command` (executable path first, then its arguments, each passed as is) in a new session of
    /// `rows` x `columns`, with `environment` added to the environment tmux itself was given.
    static func start(
        _ command: [String], environment: [String: String] = [:], rows: Int = 24, columns: Int = 80
    ) throws -> TmuxSession {
        let session = TmuxSession(socketName: "e2e-\(UUID().uuidString.prefix(8))-\(ProcessInfo.processInfo.processIdentifier)")
        let environmentOptions = environment.sorted { $0.key < $1.key }.flatMap { ["-e", "\($0.key)=\($0.value)"] }
        // OSC 2 sets the pane title without touching the screen.
        let script = shellCommand(command)
            + #"; printf '\033]2;\#(exitTitlePrefix)%s\033\\' "$?"; exec sleep 2147483647"#
        _ = try session.tmux(
            ["-f", "/dev/null", "start-server", ";", "set-option", "-g", "remain-on-exit", "on", ";",
             "new-session", "-d", "-s", session.sessionName, "-x", String(columns), "-y", String(rows)]
                + environmentOptions + ["--", script]
        )
        return session
    }

    /// Presses keys, given by tmux key name ("Down", "Enter", "Escape", "C-c") or as single characters.
    func sendKeys(_ keys: String...) throws {
        _ = try tmux(["send-keys", "-t", sessionName] + keys)
    }

    /// Types `text` literally, character by character.
    func sendText(_ text: String) throws {
        _ = try tmux(["send-keys", "-t", sessionName, "-l", text])
    }

    /// A tmux format about the pane, such as `#{mouse_any_flag}` (1 while the program asked for
    /// mouse reports), `#{alternate_on}` or `#{pane_tty}`.
    func paneFormat(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", sessionName, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Pastes `text` as a terminal does: inside ESC [200~ ... ESC [201~ when the program asked
    /// for bracketed paste, as plain typing otherwise.
    func paste(_ text: String) throws {
        _ = try tmux(["set-buffer", "-b", "e2e", "--", text])
        _ = try tmux(["paste-buffer", "-p", "-d", "-b", "e2e", "-t", sessionName])
    }

    /// What the terminal shows now: one line per row, trailing spaces trimmed.
    func screenText() throws -> String {
        try tmux(["capture-pane", "-p", "-t", sessionName])
    }

    /// Polls the screen until it contains `text`; returns that screen. Throws, showing the last
    /// screen, when `timeout` passes first.
    @discardableResult
    func waitForText(_ text: String, timeout: Duration = Self.patience) async throws -> String {
        try await waitForScreen(timeout: timeout, "text \"\(text)\"") { $0.contains(text) }
    }

    /// Polls the screen until `condition` holds for it; returns that screen.
    @discardableResult
    func waitForScreen(
        timeout: Duration = Self.patience, _ what: String = "the expected screen", _ condition: (String) -> Bool
    ) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        var screen = try screenText()
        while !condition(screen) {
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "timed out after \(timeout) waiting for \(what); the screen was:\n\(screen)")
            }
            try await Task.sleep(for: .milliseconds(50))
            screen = try screenText()
        }
        return screen
    }

    /// Whether the program in the session is still running.
    func isRunning() throws -> Bool {
        try exitStatus() == nil && !isPaneClosed()
    }

    /// The program's exit status once it has ended (128 + N when signal N ended it).
    func exitStatus() throws -> Int32? {
        let title = try tmux(["display-message", "-p", "-t", sessionName, "#{pane_title}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard title.hasPrefix(Self.exitTitlePrefix) else { return nil }
        return Int32(title.dropFirst(Self.exitTitlePrefix.count))
    }

    /// Waits for the program to exit and returns its exit status; by then the screen shows all it
    /// printed. Throws if it has not ended within `timeout`.
    func waitForExit(timeout: Duration = Self.patience) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let status = try exitStatus() { return status }
            if try isPaneClosed() {
                throw Failure(description: "the terminal closed before the program's exit status was known")
            }
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "the program had not exited after \(timeout); the screen was:\n\(try screenText())")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    private func isPaneClosed() throws -> Bool {
        try tmux(["display-message", "-p", "-t", sessionName, "#{pane_dead}"])
            .trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// Ends the tmux server of this session and any program still running in it,
    /// and removes the server's socket file.
    func kill() {
        let socketPath = try? tmux(["display-message", "-p", "#{socket_path}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try? tmux(["kill-server"])
        if let socketPath, !socketPath.isEmpty {
            try? FileManager.default.removeItem(atPath: socketPath)
        }
    }

    // MARK: - Running tmux

    private func tmux(_ arguments: [String]) throws -> String {
        guard let executable = Self.executablePath(named: "tmux") else {
            throw Failure(description: "tmux is not installed")
        }
        // -u: the captured screen is UTF-8 whatever the locale of the test process.
        let result = try ChildProcess.run(executable, ["-u", "-L", socketName] + arguments)
        guard result.status == 0 else {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed: \(result.errors)")
        }
        return result.output
    }

    private static func executablePath(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":")
            .map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// tmux runs a command through `sh -c`; quote every word so paths with spaces and quotes survive.
    private static func shellCommand(_ words: [String]) -> String {
        words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    }
}

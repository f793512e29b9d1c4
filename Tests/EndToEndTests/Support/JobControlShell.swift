import Foundation

/// A program started from an interactive bash in tmux, so the shell has job control (Ctrl-Z
/// stops the job, `fg` continues it), with the terminal's settings read by `stty` before the
/// program starts and whenever the shell has the terminal again.
///
/// ```swift
/// let shell = try JobControlShell(["/path/to/flights"], in: directory)
/// defer { shell.tmux.kill() }
/// try await shell.tmux.waitForText("Flights (6)")
/// try shell.tmux.sendKeys("C-z")
/// #expect(try await shell.settingsNow() == shell.settingsBefore())
/// ```
struct JobControlShell {
    static var isAvailable: Bool {
        TmuxSession.isAvailable && FileManager.default.isExecutableFile(atPath: "/bin/bash")
    }

    let tmux: TmuxSession
    let directory: URL

    init(_ command: [String], environment: [String: String] = [:], in directory: URL, rows: Int = 24, columns: Int = 80) throws {
        self.directory = directory
        tmux = try TmuxSession.start(
            ["/bin/bash", "--norc", "--noprofile", "-i"],
            environment: ["LANG": "C.UTF-8", "TERM": "xterm-256color", "HISTFILE": "/dev/null"]
                .merging(environment) { $1 },
            rows: rows, columns: columns
        )
        let line = command.map(Self.quoted).joined(separator: " ")
        try tmux.sendText("stty -g > \(file("before")); \(line)")
        try tmux.sendKeys("Enter")
    }

    /// The settings read just before the program started.
    func settingsBefore() throws -> String {
        try read("before")
    }

    /// Types a command line at the shell prompt (the program must be stopped or ended) and
    /// waits until it has run.
    func run(_ line: String, marker: String) async throws {
        // Keys typed while the program still reads the terminal (it has left its screen but not
        // yet exited) would be the program's, and lost.
        try await tmux.waitForScreen("the shell to have the terminal") { _ in
            (try? tmux.paneFormat("#{pane_current_command}")) == "bash"
        }
        try tmux.sendText("\(line); echo \(marker)-\"DONE\"")
        try tmux.sendKeys("Enter")
        // The command line shows MARK-"DONE"; only the shell's echo shows MARK-DONE.
        try await tmux.waitForText("\(marker)-DONE")
    }

    /// The terminal's settings now, read by the shell (the program must be stopped or ended).
    func settingsNow(_ name: String) async throws -> String {
        try await run("stty -g > \(file(name))", marker: name.uppercased())
        return try read(name)
    }

    /// The words of `stty -a` now ("icanon", "-echo", ...).
    func modesNow() async throws -> Set<String> {
        try await run("stty -a > \(file("modes"))", marker: "MODES")
        return Set(try read("modes").split(whereSeparator: { $0.isWhitespace || $0 == ";" }).map(String.init))
    }

    /// The exit status of the last job, once it has ended.
    func exitStatus() async throws -> Int32? {
        try await run("echo $? > \(file("status"))", marker: "STATUS")
        return Int32(try read("status"))
    }

    private func read(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func file(_ name: String) -> String {
        Self.quoted(directory.appendingPathComponent(name).path)
    }

    private static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

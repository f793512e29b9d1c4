import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Drives the real `scoreboard` binary in a real terminal (tmux), as a person would.
@Suite(
    "scoreboard in a terminal",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed (.ci/run installs it); skipping the scoreboard end-to-end tests"),
    .takingTurns
)
struct ScoreboardEndToEndTests {
    private let executable: URL
    private let directory: URL
    private let library: URL

    init() throws {
        executable = try #require(
            BuiltProducts.executable(named: "scoreboard"),
            "no scoreboard executable in \(BuiltProducts.directory.path)"
        )
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("scoreboard-e2e-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        library = directory.appendingPathComponent("games.json")
    }

    /// From the empty game list: a new game of Bulls (Ann, Bea, Cy) against Hawks (Dan, Eve, Fay).
    private func createBullsAgainstHawks(in tmux: TmuxSession) async throws {
        try await tmux.waitForText("No games yet. Press n to start one.")
        try tmux.sendKeys("n")
        try await tmux.waitForText("New game")
        for name in ["Bulls", "Ann", "Bea", "Cy", "Hawks", "Dan", "Eve", "Fay"] {
            try tmux.sendText(name)
            try tmux.sendKeys("Tab")
        }
        try tmux.sendKeys("Enter")
    }

    /// The first time shown as `MM:SS.T` (after `prefix`), in tenths of a second.
    private static func tenthsOfASecond(in screen: String, after prefix: String = "") -> Int? {
        guard let start = prefix.isEmpty ? screen.startIndex : screen.range(of: prefix)?.upperBound,
              let time = screen[start...].firstMatch(of: /(\d\d):(\d\d)\.(\d)/),
              let minutes = Int(time.1), let seconds = Int(time.2), let tenths = Int(time.3)
        else { return nil }
        return (minutes * 60 + seconds) * 10 + tenths
    }

    private func start() throws -> TmuxSession {
        try TmuxSession.start(
            [executable.path, "--library", library.path],
            // The default library location must not be touched even if --library were ignored.
            environment: ["LANG": "C.UTF-8", "TERM": "xterm-256color", "XDG_DATA_HOME": directory.path],
            rows: 24, columns: 80
        )
    }

    @Test("create a game, start the clock, score to the end, see the result; it is still there after a restart")
    func playAGame() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let tmux = try start()
        defer { tmux.kill() }

        try await createBullsAgainstHawks(in: tmux)
        let scoreboard = try await tmux.waitForText("[ Start ]")
        #expect(scoreboard.contains("Bulls"))
        #expect(scoreboard.contains("0 - 0"))
        #expect(scoreboard.contains("00:00.0"))
        #expect(scoreboard.contains("┌─ ▸ 1 Ann"))

        try tmux.sendKeys("Space")
        try await tmux.waitForText("[ Pause ]")
        // The clock runs on its own. Read as a time: under load the next look may come seconds later.
        try await tmux.waitForScreen("the clock past 00:00.2") { screen in
            (Self.tenthsOfASecond(in: screen) ?? 0) > 2
        }

        try tmux.sendKeys("5", "o", "t", "f")
        try await tmux.waitForText("0 - 3")
        #expect(try tmux.screenText().contains("│ 1pt 1  2pt 1  Ast 0  Reb 0  Foul 1  │"))
        // u takes back the latest moves, one at a time: the foul, then the two points.
        try tmux.sendKeys("u", "u")
        try await tmux.waitForText("0 - 1")
        #expect(try tmux.screenText().contains("│ 1pt 1  2pt 0  Ast 0  Reb 0  Foul 0  │"))
        try tmux.sendKeys("t", "f")
        try await tmux.waitForText("│ 1pt 1  2pt 1  Ast 0  Reb 0  Foul 1  │")
        try tmux.sendKeys("1")
        for _ in 0..<7 { try tmux.sendKeys("t") }
        try tmux.sendKeys("o")

        let final = try await tmux.waitForText("Bulls win 15 - 3")
        #expect(final.contains("FINAL"))
        #expect(final.contains("┌─ Final"))
        #expect(final.contains("q Back to games"))
        // The clock stopped by itself: the time stays put.
        let stoppedAt = try #require(final.split(separator: "\n").dropFirst().first)
        try await Task.sleep(for: .milliseconds(300))
        #expect(try tmux.screenText().split(separator: "\n").dropFirst().first == stoppedAt)

        try tmux.sendKeys("q")
        let list = try await tmux.waitForText("Games (1)")
        #expect(list.contains("> Bulls vs Hawks  15 - 3"))
        #expect(list.contains("Bulls won"))
        try tmux.sendKeys("q")
        let status = try await tmux.waitForExit()
        let afterExit = try tmux.screenText()
        #expect(status == 0, "the screen was:\n\(afterExit)")
        #expect(!afterExit.contains("Games (1)"))

        let again = try start()
        defer { again.kill() }
        let reopened = try await again.waitForText("Games (1)")
        #expect(reopened.contains("> Bulls vs Hawks  15 - 3"))
        try again.sendKeys("Enter")
        try await again.waitForText("Bulls win 15 - 3")
        try again.sendKeys("q", "q")
        let secondStatus = try await again.waitForExit()
        let lastScreen = try again.screenText()
        #expect(secondStatus == 0, "the screen was:\n\(lastScreen)")
    }

    @Test("Ctrl-C or SIGTERM while the clock runs saves the time played, as q does", arguments: ["C-c", "SIGTERM"])
    func interruptSavesTheClock(way: String) async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let tmux = try start()
        defer { tmux.kill() }

        try await createBullsAgainstHawks(in: tmux)
        try await tmux.waitForText("[ Start ]")
        try tmux.sendKeys("Space")
        try await tmux.waitForScreen("the clock past 00:00.2") { screen in
            screen.contains("[ Pause ]") && (Self.tenthsOfASecond(in: screen) ?? 0) > 2
        }
        if way == "C-c" {
            try tmux.sendKeys("C-c")
        } else {
            let pane = try #require(pid_t(tmux.paneFormat("#{pane_pid}")))
            let app = try #require(ProcessTable.descendant(of: pane, running: executable))
            #expect(kill(app, SIGTERM) == 0)
        }
        let status = try await tmux.waitForExit()
        #expect(status == (way == "C-c" ? 130 : 143))
        #expect(try tmux.paneFormat("#{mouse_any_flag}") == "0")

        let again = try start()
        defer { again.kill() }
        let list = try await again.waitForText("Games (1)")
        #expect((Self.tenthsOfASecond(in: list, after: "Paused, ") ?? 0) > 0, "the time played was not saved:\n\(list)")
        #expect(!list.contains("Not started"))
        try again.sendKeys("q")
        #expect(try await again.waitForExit() == 0)
    }

    @Test("a damaged library is kept as a backup, the user is told, and the app starts empty")
    func damagedLibrary() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("{ this is not a game library".utf8).write(to: library)
        let tmux = try start()
        defer { tmux.kill() }

        let screen = try await tmux.waitForText("Game library damaged")
        #expect(screen.contains("is damaged: it is not valid JSON."))
        let backups = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix("games.json.corrupt-") }
        #expect(backups.count == 1)
        if let backup = backups.first {
            let kept = try String(contentsOf: directory.appendingPathComponent(backup), encoding: .utf8)
            #expect(kept == "{ this is not a game library")
        }

        try tmux.sendKeys("Enter")
        try await tmux.waitForText("No games yet. Press n to start one.")
        try tmux.sendKeys("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    /// A mistyped folder is not made: the games would be saved where nobody looks.
    @Test("a --library in a folder that does not exist is refused, and nothing is made")
    func libraryInAMissingFolder() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("no-such-folder")
        let result = try ChildProcess.run(executable.path, ["--library", missing.appendingPathComponent("games.json").path])
        #expect(result.status == 64)
        #expect(result.errors.contains("the folder \(missing.path) does not exist."), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }
}

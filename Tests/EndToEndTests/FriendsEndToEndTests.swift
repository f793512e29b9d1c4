import Foundation
import TestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Drives the real `friends` binary in a real terminal (tmux), as a person would: with the
/// built-in FriendService over a fresh data directory (never the user's own), and afterwards
/// checks in the same terminal that its settings are exactly as before.
@Suite(
    "friends in a terminal",
    .serialized,
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed (.ci/run installs it); skipping the friends end-to-end tests"),
    .takingTurns
)
struct FriendsEndToEndTests {
    private let executable: URL

    init() throws {
        executable = try #require(
            BuiltProducts.executable(named: "friends"),
            "no friends executable in \(BuiltProducts.directory.path)"
        )
    }

    @Test("add a friend by typing, edit it, delete it, quit: the terminal is as it was")
    func addEditDelete() async throws {
        try await withTemporaryDirectory { directory in
            let shell = try ShellRun(friends: executable, arguments: [], in: directory)
            defer { shell.tmux.kill() }
            let tmux = shell.tmux

            try await tmux.waitForScreen("the empty list") {
                $0.contains("Your Friends (0)") && $0.contains("No friends yet. Add your first friend.")
            }
            #expect(try tmux.screenText().contains("q Quit"))

            try tmux.sendKeys("a")
            try await tmux.waitForText("Add Friend")
            try tmux.sendText("Ada")
            try tmux.sendKeys("Tab")
            try tmux.sendText("Lovelace")
            // Organization, then Add phone, which adds a number to type.
            try tmux.sendKeys("Tab", "Tab", "Enter")
            try tmux.sendText("0501234567")
            try await tmux.waitForScreen("SUBMIT enabled") { $0.contains("[0501234567") }
            try tmux.sendKeys("Enter")
            let added = try await tmux.waitForScreen("the new friend in the list") {
                $0.contains("Your Friends (1)") && $0.contains("Ada Lovelace")
            }
            #expect(added.contains("> Ada Lovelace"))
            #expect(added.contains("0501234567"))

            try tmux.sendKeys("e")
            try await tmux.waitForText("Update Friend")
            try tmux.sendKeys("Tab", "C-u")
            try tmux.sendText("Byron")
            try tmux.sendKeys("Enter")
            let edited = try await tmux.waitForScreen("the changed friend in the list") {
                $0.contains("Your Friends (1)") && $0.contains("Ada Byron")
            }
            #expect(!edited.contains("Lovelace"))

            try tmux.sendKeys("d")
            try await tmux.waitForText("Delete Ada Byron?")
            try tmux.sendKeys("Left", "Enter")
            // The live feed may take the row away before the deletion's own answer says so.
            let deleted = try await tmux.waitForScreen("the list without the friend, saying so") {
                $0.contains("Your Friends (0)") && $0.contains("No friends yet. Add your first friend.") && $0.contains("Deleted Ada Byron.")
            }
            #expect(!deleted.contains("> Ada Byron") && !deleted.contains("  Ada Byron"), "no row shows the removed friend")

            try tmux.sendKeys("q")
            let after = try await shell.waitForEnd()
            #expect(after.exitStatus == 0)
            #expect(after.settingsBefore == after.settingsAfter, "stty -g differs after the app ended")
            #expect(after.modes.contains("icanon") && after.modes.contains("echo"), "stty -a after: \(after.modes)")
            #expect(!after.modes.contains("-icanon") && !after.modes.contains("-echo"))
        }
    }

    @Test("--demo fills the empty list; search narrows it; Enter shows a friend's details")
    func demoSearchAndDetails() async throws {
        try await withTemporaryDirectory { directory in
            let shell = try ShellRun(friends: executable, arguments: ["--demo"], in: directory)
            defer { shell.tmux.kill() }
            let tmux = shell.tmux

            let list = try await tmux.waitForText("Your Friends (12)")
            #expect(list.contains("García"))

            try tmux.sendKeys("/")
            try tmux.sendText("lov")
            let found = try await tmux.waitForScreen("only Ada in the list") {
                $0.contains("1 match for 'lov'") && $0.contains("Ada Lovelace")
            }
            #expect(found.contains("Your Friends (12)"))
            #expect(found.contains("Search: [lov"))
            #expect(!found.contains("Turing"))

            try tmux.sendKeys("Enter", "Enter")
            let details = try await tmux.waitForText("ada@analytical.engine")
            #expect(details.contains("Wrote the first program"))
            #expect(details.contains("Esc Back"))

            try tmux.sendKeys("Escape")
            try await tmux.waitForText("Search: [lov")
            try tmux.sendKeys("Escape")
            // The search gone, not only the title there (it is there all along): an Escape and a
            // `q` read together are Alt-q, which quits nothing.
            _ = try await tmux.waitForScreen("the whole list again") { $0.contains("Turing") && !$0.contains("Search: [lov") }
            try tmux.sendKeys("q")
            let after = try await shell.waitForEnd()
            #expect(after.exitStatus == 0)
            #expect(after.settingsBefore == after.settingsAfter)
        }
    }

    @Test("delete the last row, then open, edit and delete the friend selected in its place")
    func deleteTheLastRowThenActOnTheNext() async throws {
        try await withTemporaryDirectory { directory in
            let shell = try ShellRun(friends: executable, arguments: ["--demo"], in: directory)
            defer { shell.tmux.kill() }
            let tmux = shell.tmux
            try await tmux.waitForText("Your Friends (12)")

            try tmux.sendKeys("End")
            try await tmux.waitForText("> 王芳")
            try tmux.sendKeys("d")
            try await tmux.waitForText("Delete 王芳?")
            try tmux.sendKeys("Left", "Enter")
            let removed = try await tmux.waitForScreen("the last friend removed, the one above selected") {
                $0.contains("Your Friends (11)") && $0.contains("> 山田花子")
            }
            #expect(removed.contains("Deleted 王芳."))
            #expect(!removed.contains("王芳 "))

            // The details, then the list again, each by what only it shows (the list shows the
            // number and the name too): an Escape and the `e` after it read together are Alt-e.
            try tmux.sendKeys("Enter")
            try await tmux.waitForScreen("the details") { $0.contains("+81 90-1234-5678") && $0.contains("Esc Back") }
            try tmux.sendKeys("Escape")
            try await tmux.waitForScreen("the list again") { $0.contains("> 山田花子") && !$0.contains("Esc Back") }

            try tmux.sendKeys("e")
            try await tmux.waitForText("Update Friend")
            // Back from the first name past SUBMIT to About, however many numbers the friend has.
            try tmux.sendKeys("BTab", "BTab")
            try tmux.sendText("Sushi on Sundays.")
            try tmux.sendKeys("Enter")
            let saved = try await tmux.waitForText("Saved 山田花子.")
            #expect(saved.contains("> 山田花子"))

            try tmux.sendKeys("d")
            try await tmux.waitForText("Delete 山田花子?")
            try tmux.sendKeys("Left", "Enter")
            // The live feed may take the row away before the deletion's own answer says so.
            _ = try await tmux.waitForScreen("the next friend removed as well, and the list saying so") {
                $0.contains("Your Friends (10)") && $0.contains("> Дмитрий Иванов") && $0.contains("Deleted 山田花子.")
            }

            try tmux.sendKeys("q")
            let after = try await shell.waitForEnd()
            #expect(after.exitStatus == 0)
        }
    }

    @Test("narrowing a search keeps the selected friend selected")
    func searchKeepsTheSelection() async throws {
        try await withTemporaryDirectory { directory in
            let shell = try ShellRun(friends: executable, arguments: ["--demo"], in: directory)
            defer { shell.tmux.kill() }
            let tmux = shell.tmux
            try await tmux.waitForText("Your Friends (12)")

            // García, Hopper, Lovelace, Mensah, Nowak, Ødegaard (sorted as "odegaard"), Sharma, Turing.
            for _ in 0..<7 { try tmux.sendKeys("j") }
            try await tmux.waitForText("> Alan Turing")
            try tmux.sendKeys("/")
            try tmux.sendText("a")
            let narrowed = try await tmux.waitForText("3 matches for 'a'")
            #expect(narrowed.contains("  Ada Lovelace"))
            #expect(narrowed.contains("> Alan Turing"))
            try tmux.sendText("l")
            let narrower = try await tmux.waitForText("1 match for 'al'")
            #expect(narrower.contains("> Alan Turing"))
            try tmux.sendKeys("Escape")
            let everyone = try await tmux.waitForScreen("everyone again") { !$0.contains("Search:") && $0.contains("García") }
            #expect(everyone.contains("> Alan Turing"))

            try tmux.sendKeys("q")
            #expect(try await shell.waitForEnd().exitStatus == 0)
        }
    }

    @Test("two friends apps edit the same friend: the second save shows theirs beside mine and keeps the typed text")
    func conflictBetweenTwoApps() async throws {
        let server = try FriendServiceProcess(arguments: ["serve", "--port", "0", "--database", "memory"])
        defer { server.kill(signal: SIGTERM) }
        let base = try await server.baseURL()
        var request = URLRequest(url: base.appendingPathComponent("friends"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"firstname": "Ada", "lastname": "Lovelace"}"#.utf8)
        _ = try await URLSession.shared.data(for: request)

        let environment = ["LANG": "C.UTF-8", "TERM": "xterm-256color"]
        let mine = try TmuxSession.start([executable.path, "--server", base.absoluteString], environment: environment)
        defer { mine.kill() }
        let theirs = try TmuxSession.start([executable.path, "--server", base.absoluteString], environment: environment)
        defer { theirs.kill() }
        try await mine.waitForText("> Ada Lovelace")
        try await theirs.waitForText("> Ada Lovelace")

        try mine.sendKeys("e")
        try await mine.waitForText("Update Friend")
        try mine.sendKeys("Tab", "C-u")
        try mine.sendText("Byron")
        try await mine.waitForText("[Byron")

        try theirs.sendKeys("e")
        try await theirs.waitForText("Update Friend")
        try theirs.sendKeys("Tab", "C-u")
        try theirs.sendText("King")
        try theirs.sendKeys("Enter")
        try await theirs.waitForText("Saved Ada King.")
        // The live feed tells the open form before its user saves.
        try await mine.waitForText("Ada Lovelace was changed elsewhere. Saving shows what changed.")

        try mine.sendKeys("Enter")
        let conflict = try await mine.waitForText("Ada King was changed elsewhere.")
        #expect(conflict.contains("theirs: King"))
        #expect(conflict.contains("mine:   Byron"))
        #expect(conflict.contains("[Byron"))
        try mine.sendKeys("Left", "Enter")  // from Edit on to Keep mine
        let saved = try await mine.waitForText("Saved Ada Byron.")
        #expect(saved.contains("> Ada Byron"))

        try theirs.sendKeys("r")
        try await theirs.waitForText("> Ada Byron")
    }

    @Test("two friends apps on one server: a friend added, renamed and deleted in one appears, changes and goes in the other with no key pressed")
    func liveChangesBetweenTwoApps() async throws {
        let server = try FriendServiceProcess(arguments: ["serve", "--port", "0", "--database", "memory"])
        defer { server.kill(signal: SIGTERM) }
        let base = try await server.baseURL()

        let environment = ["LANG": "C.UTF-8", "TERM": "xterm-256color"]
        let editor = try TmuxSession.start([executable.path, "--server", base.absoluteString], environment: environment)
        defer { editor.kill() }
        let watcher = try TmuxSession.start([executable.path, "--server", base.absoluteString], environment: environment)
        defer { watcher.kill() }
        try await editor.waitForScreen("the editor's empty list, live") {
            $0.contains("Your Friends (0)") && $0.contains("● live")
        }
        try await watcher.waitForScreen("the watcher's empty list, live") {
            $0.contains("Your Friends (0)") && $0.contains("● live")
        }

        try editor.sendKeys("a")
        try await editor.waitForText("Add Friend")
        try editor.sendText("Grace")
        try editor.sendKeys("Tab")
        try editor.sendText("Hopper")
        try editor.sendKeys("Tab", "Tab", "Enter")
        try editor.sendText("0501234567")
        try await editor.waitForText("[0501234567")
        try editor.sendKeys("Enter")
        let added = try await watcher.waitForScreen("the added friend in the watcher") {
            $0.contains("Your Friends (1)") && $0.contains("Grace Hopper")
        }
        #expect(added.contains("0501234567"))

        try await editor.waitForText("> Grace Hopper")
        try editor.sendKeys("e")
        try await editor.waitForText("Update Friend")
        try editor.sendKeys("Tab", "C-u")
        try editor.sendText("Murray")
        try editor.sendKeys("Enter")
        let renamed = try await watcher.waitForScreen("the renamed friend in the watcher") {
            $0.contains("Grace Murray")
        }
        #expect(!renamed.contains("Hopper"))
        #expect(renamed.contains("Your Friends (1)"))

        try await editor.waitForText("Saved Grace Murray.")
        try editor.sendKeys("d")
        try await editor.waitForText("Delete Grace Murray?")
        try editor.sendKeys("Left", "Enter")
        let deleted = try await watcher.waitForScreen("the watcher without the friend") {
            $0.contains("Your Friends (0)") && $0.contains("No friends yet")
        }
        #expect(!deleted.contains("Grace Murray"))
        #expect(deleted.contains("● live"))
    }

    @Test("Ctrl-C while the list loads from a server that never answers: the terminal is as it was")
    func interruptWhileLoading() async throws {
        let silent = try ScriptedHTTPServer.silent()
        defer { silent.stop() }
        try await withTemporaryDirectory { directory in
            let shell = try ShellRun(friends: executable, arguments: ["--server", "http://127.0.0.1:\(silent.port)"], in: directory)
            defer { shell.tmux.kill() }
            let tmux = shell.tmux

            try await tmux.waitForScreen("the list loading") {
                $0.contains("Refreshing...") && $0.contains("Loading...")
            }
            // Waiting costs no processor time (URLSession on Linux kept a core busy while it waited).
            let app = try #require(Self.processID(of: executable, environmentContaining: directory.path))
            let before = try #require(ProcessTable.processorSeconds(of: app))
            try await Task.sleep(for: .seconds(2))
            let spent = try #require(ProcessTable.processorSeconds(of: app)) - before
            #expect(spent < 0.5, "the app used \(spent) s of processor time in 2 s of waiting")
            try tmux.sendKeys("C-c")
            let after = try await shell.waitForEnd()
            #expect(after.exitStatus == 130)
            #expect(after.settingsBefore == after.settingsAfter, "stty -g differs after Ctrl-C")
            #expect(!after.modes.contains("-icanon") && !after.modes.contains("-echo"))
        }
    }

    /// SIGQUIT too: the runtime's crash reporter caught it after the terminal was restored, printed
    /// a backtrace and kept a core busy without ending the app.
    @Test("SIGTERM or SIGQUIT while the list shows: the app ends by the signal and the terminal is as it was",
          arguments: [SIGTERM, SIGQUIT])
    func terminateSignal(_ signal: Int32) async throws {
        try await withTemporaryDirectory { directory in
            let shell = try ShellRun(friends: executable, arguments: [], in: directory)
            defer { shell.tmux.kill() }
            try await shell.tmux.waitForText("Your Friends (0)")
            let app = try #require(
                Self.processID(of: executable, environmentContaining: directory.path),
                "no friends process with a data directory in \(directory.path)"
            )
            #expect(kill(app, signal) == 0)
            let after = try await shell.waitForEnd()
            #expect(after.exitStatus == 128 + signal)
            #expect(after.settingsBefore == after.settingsAfter, "stty -g differs after signal \(signal)")
            #expect(!after.modes.contains("-icanon") && !after.modes.contains("-echo"))
        }
    }

    /// The process running `executable` whose environment mentions `marker` (its own data directory).
    private static func processID(of executable: URL, environmentContaining marker: String) -> pid_t? {
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        let target = executable.resolvingSymlinksInPath().path
        for name in processes {
            guard let pid = pid_t(name),
                  let image = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(name)/exe"),
                  image == target,
                  let environment = FileManager.default.contents(atPath: "/proc/\(name)/environ"),
                  String(decoding: environment, as: UTF8.self).contains(marker)
            else { continue }
            return pid
        }
        return nil
    }

    @Test("a data directory that cannot be written ends with one clear line")
    func unwritableDataDirectory() async throws {
        try await withTemporaryDirectory { directory in
            // A file where the directory should be: refused even for root, unlike permission bits.
            let blocker = directory.appendingPathComponent("not-a-directory")
            try Data().write(to: blocker)
            let tmux = try TmuxSession.start(
                [executable.path], environment: ["XDG_DATA_HOME": blocker.path, "LANG": "C.UTF-8"], rows: 24, columns: 100
            )
            defer { tmux.kill() }
            #expect(try await tmux.waitForExit() == 1)
            // The message is one line; the terminal wraps it.
            let screen = try tmux.screenText().replacingOccurrences(of: "\n", with: "")
            #expect(screen.contains("Cannot write the friends database in \(blocker.path)/friends (Not a directory)."))
            #expect(!screen.contains("Fatal error"))
        }
    }

    @Test("a --server with nothing listening ends with one clear line")
    func unreachableServer() async throws {
        let tmux = try TmuxSession.start([executable.path, "--server", "http://127.0.0.1:1"], rows: 24, columns: 100)
        defer { tmux.kill() }
        #expect(try await tmux.waitForExit() == 1)
        let screen = try tmux.screenText().replacingOccurrences(of: "\n", with: "")
        #expect(screen.contains("Cannot reach FriendService at http://127.0.0.1:1. Is it running?"))
    }
}

/// `friends` run from a shell in tmux, between two `stty` readings of the same terminal.
///
/// The readings after the app are a second command line, typed once the app has left the
/// screen: after Ctrl-C the shell drops the rest of the line the app was started from.
private struct ShellRun {
    struct End {
        var exitStatus: Int32?
        var settingsBefore: String
        var settingsAfter: String
        /// The words of `stty -a` after the app ended ("icanon", "-echo", ...).
        var modes: Set<String>
    }

    let tmux: TmuxSession
    let directory: URL

    init(friends: URL, arguments: [String], in directory: URL) throws {
        self.directory = directory
        let dataHome = directory.appendingPathComponent("data")
        tmux = try TmuxSession.start(
            ["/bin/sh"],
            environment: ["LANG": "C.UTF-8", "TERM": "xterm-256color", "XDG_DATA_HOME": dataHome.path],
            rows: 24, columns: 80
        )
        let command = ([friends.path] + arguments).map(Self.quoted).joined(separator: " ")
        try tmux.sendText("stty -g > \(file("before")); \(command)")
        try tmux.sendKeys("Enter")
    }

    /// Waits for the app to give the screen back, then reads the terminal's settings in it.
    func waitForEnd() async throws -> End {
        // The app draws on the alternate screen; the command line shows again once it left it.
        try await tmux.waitForText("stty -g >")
        try tmux.sendText(
            "echo $? > \(file("status")); stty -g > \(file("after")); stty -a > \(file("modes")); echo END-OF-\"RUN\""
        )
        try tmux.sendKeys("Enter")
        // The command line shows END-OF-"RUN"; only the shell's echo shows END-OF-RUN.
        try await tmux.waitForText("END-OF-RUN")
        func read(_ name: String) throws -> String {
            try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let modes = try read("modes").split(whereSeparator: { $0.isWhitespace || $0 == ";" }).map(String.init)
        return End(exitStatus: Int32(try read("status")), settingsBefore: try read("before"),
                   settingsAfter: try read("after"), modes: Set(modes))
    }

    private func file(_ name: String) -> String {
        Self.quoted(directory.appendingPathComponent(name).path)
    }

    private static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

private func withTemporaryDirectory(_ body: (URL) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("friends-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory)
}

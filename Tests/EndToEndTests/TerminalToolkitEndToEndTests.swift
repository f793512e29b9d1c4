import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What TerminalUI does for every app, tried in a real terminal (tmux) from an interactive shell
/// with job control: text as people type and paste it, Ctrl-Z and `fg`, SIGTSTP, Ctrl-L, the `?`
/// help, mouse clicks, and the terminal given back as it was each time.
@Suite(
    "the terminal toolkit in a terminal",
    .serialized,
    .enabled(if: JobControlShell.isAvailable, "tmux or bash is not installed (.ci/run installs them); skipping"),
    .takingTurns
)
struct TerminalToolkitEndToEndTests {
    private func executable(_ name: String) throws -> URL {
        try #require(BuiltProducts.executable(named: name), "no \(name) executable in \(BuiltProducts.directory.path)")
    }

    @Test("friends: / then a pasted e + U+0301 and Backspace, then 👍🏽 and Backspace: no crash, nothing left behind")
    func combiningTextInTheSearchField() async throws {
        try await withDirectory { directory in
            let shell = try JobControlShell([executable("friends").path],
                                            environment: ["XDG_DATA_HOME": directory.appendingPathComponent("data").path],
                                            in: directory)
            defer { shell.tmux.kill() }
            let tmux = shell.tmux
            try await tmux.waitForText("Your Friends (0)")

            try tmux.sendKeys("/")
            try await tmux.waitForText("Search: [")
            try tmux.sendText("e\u{301}")
            try await tmux.waitForText("Search: [e\u{301}")
            try tmux.sendKeys("BSpace")
            try await tmux.waitForScreen("the accented e gone") { !$0.contains("e\u{301}") && !$0.contains("é") }
            #expect(try tmux.paneFormat("#{alternate_on}") == "1", "the app is still running")

            // The same pasted (bracketed), and with an emoji that has a skin tone.
            try tmux.paste("e\u{301}")
            try await tmux.waitForText("Search: [e\u{301}")
            try tmux.sendKeys("BSpace")
            try await tmux.waitForScreen("the pasted accented e gone") { !$0.contains("e\u{301}") && !$0.contains("é") }
            try tmux.paste("a👍🏽")
            try await tmux.waitForText("👍")
            try tmux.sendKeys("BSpace")
            let erased = try await tmux.waitForScreen("the thumb gone") { !$0.contains("👍") }
            #expect(!erased.contains("🏽"), "a stray skin-tone modifier stayed on screen:\n\(erased)")
            #expect(erased.contains("Search: [a"))

            // A pasted newline is a space in a one-line field: the search is still being typed.
            try tmux.paste("Ada\nLovelace")
            let pasted = try await tmux.waitForText("Search: [aAda Lovelace")
            #expect(pasted.contains("type to search"))

            // Apart, as a person presses them: ESC and a letter in one write is Alt and the letter.
            try tmux.sendKeys("Escape")
            try await tmux.waitForScreen("the search ended") { !$0.contains("Search: [") }
            try tmux.sendKeys("q")
            try await tmux.waitForScreen("the shell back") { !$0.contains("Your Friends") }
            #expect(try await shell.exitStatus() == 0)
            #expect(try await shell.settingsNow("after") == shell.settingsBefore())
            #expect(try tmux.paneFormat("#{mouse_any_flag}") == "0")
        }
    }

    @Test("Ctrl-Z and kill -TSTP give the shell its terminal back; fg brings the app back in raw mode, fully drawn")
    func suspendAndResume() async throws {
        try await withDirectory { directory in
            let shell = try JobControlShell([executable("flights").path], in: directory)
            defer { shell.tmux.kill() }
            let tmux = shell.tmux
            try await tmux.waitForText("Flights (6)")
            #expect(try tmux.paneFormat("#{mouse_any_flag}") == "1")

            for (round, stop) in ["Ctrl-Z", "SIGTSTP"].enumerated() {
                if stop == "Ctrl-Z" {
                    try tmux.sendKeys("C-z")
                } else {
                    let pane = try #require(pid_t(tmux.paneFormat("#{pane_pid}")))
                    let app = try #require(ProcessTable.descendant(of: pane, running: executable("flights")))
                    #expect(kill(app, SIGTSTP) == 0)
                }
                try await tmux.waitForScreen("the job stopped after \(stop)") { $0.contains("Stopped") && !$0.contains("Show card") }
                #expect(try tmux.paneFormat("#{alternate_on}") == "0")
                #expect(try tmux.paneFormat("#{mouse_any_flag}") == "0")
                #expect(try await shell.settingsNow("stopped\(round)") == shell.settingsBefore())

                try tmux.sendText("clear; fg")
                try tmux.sendKeys("Enter")
                let back = try await tmux.waitForText("Show card")
                #expect(back.contains("Flights (6)"))
                #expect(!back.contains("Stopped"), "the screen was not redrawn in full:\n\(back)")
                #expect(try tmux.paneFormat("#{mouse_any_flag}") == "1")
                // Raw mode again: one key moves the selection, no Enter needed, nothing echoed.
                try tmux.sendKeys("j")
                try await tmux.waitForText(round == 0 ? "> LH 400" : "> UA 837")
            }

            try tmux.sendKeys("q")
            try await tmux.waitForScreen("the shell back") { !$0.contains("Show card") }
            #expect(try await shell.exitStatus() == 0)
            #expect(try await shell.settingsNow("after") == shell.settingsBefore())
        }
    }

    @Test("? shows the keys, Ctrl-L repaints a disturbed screen, a click selects a row, the wheel moves")
    func helpRedrawAndMouse() async throws {
        try await withDirectory { directory in
            let shell = try JobControlShell([executable("flights").path], in: directory)
            defer { shell.tmux.kill() }
            let tmux = shell.tmux
            try await tmux.waitForText("Flights (6)")

            try tmux.sendKeys("?")
            let help = try await tmux.waitForText("Flights: keys")
            #expect(help.contains("↑↓/jk   Move"))
            #expect(help.contains("Ctrl-Z  Suspend"))
            try tmux.sendKeys("x")
            try await tmux.waitForScreen("the help closed") { !$0.contains("Flights: keys") && $0.contains("Show card") }

            // Something else writes to the terminal; Ctrl-L puts the screen right.
            let terminal = try #require(FileHandle(forWritingAtPath: tmux.paneFormat("#{pane_tty}")))
            terminal.write(Data("\u{1B}[5;5HSOMEONE-ELSE-WROTE-HERE".utf8))
            try terminal.close()
            try await tmux.waitForText("SOMEONE-ELSE-WROTE-HERE")
            try tmux.sendKeys("C-l")
            let repainted = try await tmux.waitForScreen("the screen repainted") { !$0.contains("SOMEONE-ELSE") }
            #expect(repainted.contains("> KL 903"))

            // A click on the fourth flight (screen row 6), then the wheel down once.
            try tmux.sendText("\u{1B}[<0;10;6M")
            try await tmux.waitForText("> BA 431")
            try tmux.sendText("\u{1B}[<65;10;6M")
            try await tmux.waitForText("> SQ 322")

            try tmux.sendKeys("q")
            try await tmux.waitForScreen("the shell back") { !$0.contains("Show card") }
            #expect(try await shell.exitStatus() == 0)
            #expect(try await shell.settingsNow("after") == shell.settingsBefore())
            #expect(try tmux.paneFormat("#{mouse_any_flag}") == "0")
        }
    }

    private func withDirectory(_ body: (URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("toolkit-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory)
    }
}

import Foundation
import Testing

/// Drives the real `flights` binary in a real terminal (tmux), as a person would.
@Suite("flights in a terminal", .takingTurns)
struct FlightsEndToEndTests {
    private static let tmuxNeeded = Testing.ConditionTrait.enabled(
        if: TmuxSession.isAvailable, "tmux is not installed (.ci/run installs it); skipping this flights end-to-end test"
    )

    private let executable: URL

    init() throws {
        executable = try #require(
            BuiltProducts.executable(named: "flights"),
            "no flights executable in \(BuiltProducts.directory.path)"
        )
    }

    private func start(_ arguments: [String] = []) throws -> TmuxSession {
        try TmuxSession.start(
            [executable.path] + arguments,
            environment: ["LANG": "C.UTF-8", "TERM": "xterm-256color"],
            rows: 24, columns: 80
        )
    }

    @Test("pick a flight from the sample list, read its card, go back, quit", tmuxNeeded)
    func browseTheSample() async throws {
        let tmux = try start()
        defer { tmux.kill() }

        let list = try await tmux.waitForText("Flights (6)")
        #expect(list.contains("> KL 903  AMS ➔ SVO"))
        #expect(list.contains("QF 7    SYD ➔ DFW"))
        #expect(list.contains("q Quit"))

        try tmux.sendKeys("Down", "j", "Enter")
        let card = try await tmux.waitForText("United UA 837")
        #expect(card.contains("SFO ➔ NRT"))
        // Each end in its own airport's time: it leaves on Tuesday and lands on Wednesday.
        #expect(card.contains("Tuesday"))
        #expect(card.contains("11:15 San Francisco, San Francisco International Airport"))
        #expect(card.contains("Wednesday"))
        #expect(card.contains("15:20 Tokyo, Narita International Airport"))
        #expect(card.contains("Flight time: 11 hours, 5 minutes"))
        #expect(card.contains("Esc Back"))

        try tmux.sendKeys("Escape")
        let back = try await tmux.waitForText("Show card")
        #expect(back.contains("> UA 837  SFO ➔ NRT"))

        try tmux.sendKeys("q")
        let status = try await tmux.waitForExit()
        #expect(status == 0)
        // The app left the alternate screen: its list is gone from the terminal.
        #expect(try !tmux.screenText().contains("Flights (6)"))
    }

    @Test("--flights shows the user's own list", tmuxNeeded)
    func ownList() async throws {
        let file = try temporaryFile(#"""
            {"airports": [
              {"symbol": "AMS", "name": "Schiphol", "city": "Amsterdam", "timeZone": "Europe/Amsterdam"},
              {"symbol": "SVO", "name": "Sheremetyevo", "city": "Moscow", "timeZone": "Europe/Moscow"}],
             "flights": [{"airline": "Aeroflot", "number": "SU 2551",
               "departure": {"airport": "SVO", "date": "2026-12-01T23:10:00+03:00"},
               "arrival": {"airport": "AMS", "date": "2026-12-02T00:55:00+01:00"}}]}
            """#)
        defer { try? FileManager.default.removeItem(at: file) }
        let tmux = try start(["--flights", file.path])
        defer { tmux.kill() }

        try await tmux.waitForText("Flights (1)")
        try tmux.sendKeys("Enter")
        let card = try await tmux.waitForText("Aeroflot SU 2551")
        #expect(card.contains("23:10 Moscow, Sheremetyevo Airport"))
        #expect(card.contains("00:55 Amsterdam, Schiphol Airport"))
        #expect(card.contains("Flight time: 3 hours, 45 minutes"))
        try tmux.sendKeys("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test("a bad flight file is refused with a message naming the file and the field, before the screen is taken")
    func badFile() throws {
        let file = try temporaryFile(#"{"airports": [], "flights": [{"airline": "KLM", "gate": "D7"}]}"#)
        defer { try? FileManager.default.removeItem(at: file) }

        // Run without tmux: tmux may drop what a pane prints just before it exits.
        let result = try ChildProcess.run(executable.path, ["--flights", file.path])
        #expect(result.status == 1)
        #expect(result.errors == "Error: \(file.path) is not a flight list: " + #"flights[0]: unknown field "gate""#)
        #expect(result.output.isEmpty) // not even the escape codes that take over a screen
    }

    @Test("a folder given as --flights is said to be one")
    func folderAsFile() throws {
        let result = try ChildProcess.run(executable.path, ["--flights", FileManager.default.temporaryDirectory.path])
        #expect(result.status == 1)
        #expect(result.errors == "Error: cannot read \(FileManager.default.temporaryDirectory.path): it is a folder, not a file")
    }

    private func temporaryFile(_ contents: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flights-e2e-\(UUID().uuidString).json")
        try Data(contents.utf8).write(to: url)
        return url
    }
}

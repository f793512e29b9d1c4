import Foundation
import Testing

/// Drives the real `photos` binary in a real terminal (tmux), as a person would.
@Suite(
    "photos in a terminal",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed (.ci/run installs it); skipping the photos end-to-end tests"),
    .takingTurns
)
struct PhotosEndToEndTests {
    private let executable: URL

    init() throws {
        executable = try #require(
            BuiltProducts.executable(named: "photos"),
            "no photos executable in \(BuiltProducts.directory.path)"
        )
    }

    private func start(_ arguments: [String]) throws -> TmuxSession {
        try TmuxSession.start(
            [executable.path] + arguments,
            environment: ["LANG": "C.UTF-8", "TERM": "xterm-256color"],
            rows: 24, columns: 80
        )
    }

    /// The loading screen is seen on its own, for as long as the app lets a load take: beside the
    /// whole suite on two cores, the first look at the screen once came 15 s after the start.
    @Test("the loading screen shows while the catalog loads")
    func theLoadingScreenShowsWhileTheCatalogLoads() async throws {
        let tmux = try start(["--latency", "60"])
        defer { tmux.kill() }

        let loading = try await tmux.waitForText("Loading...")
        #expect(!loading.contains("24 pictures"))
    }

    @Test("the list loads, a picture not for sale says so, one for sale opens, back, quit")
    func browseTheBuiltInCatalog() async throws {
        let tmux = try start([])
        defer { tmux.kill() }

        let list = try await tmux.waitForText("24 pictures")
        #expect(list.contains("Popular"))
        #expect(list.contains("> Harbour at First Light"))
        #expect(list.contains("Fujifilm X-T4 - Fishing boats waiting for the tide"))
        #expect(list.contains("Salt Flats"))
        #expect(!list.contains("Loading..."))

        try tmux.sendKeys("Down", "Enter")
        let alert = try await tmux.waitForText("This item is not for sale")
        #expect(alert.contains("[ OK ]"))

        try tmux.sendKeys("Enter")
        try await tmux.waitForScreen("the alert gone") { !$0.contains("This item is not for sale") }

        try tmux.sendKeys("Up", "Enter")
        let detail = try await tmux.waitForText("Esc Back")
        #expect(detail.contains("Harbour at First Light"))
        #expect(detail.contains("Camera  Fujifilm X-T4"))
        #expect(detail.contains("Date    2024-05-02"))
        #expect(detail.contains("Price   For sale"))
        #expect(detail.contains("Image   https://images.example.com/photos/1001/w280.jpg"))
        #expect(detail.contains("Fishing boats waiting for the tide"))

        try tmux.sendKeys("Escape")
        let back = try await tmux.waitForText("24 pictures")
        #expect(back.contains("> Harbour at First Light"))

        try tmux.sendKeys("q")
        #expect(try await tmux.waitForExit() == 0)
        // The app left the alternate screen: its list is gone from the terminal.
        #expect(try !tmux.screenText().contains("24 pictures"))
    }

    @Test("--catalog shows the user's own catalog in the article's shape")
    func ownCatalog() async throws {
        let file = try temporaryFile(#"""
            {"current_page": 1, "pictures": [
              {"id": 7, "name": "Tram at Dusk", "description": null, "camera": "", "rating": 80.4,
               "created_at": "2017-10-01T23:30:00-04:00", "for_sale": true,
               "image_url": "https://images.example.com/7.jpg", "images": []}]}
            """#)
        defer { try? FileManager.default.removeItem(at: file) }
        let tmux = try start(["--catalog", file.path, "--latency", "0"])
        defer { tmux.kill() }

        // The day of the picture's own clock, though it is already October 2nd in UTC.
        let list = try await tmux.waitForText("1 picture")
        #expect(list.contains("> Tram at Dusk"))
        #expect(list.contains("For sale  2017-10-01"))
        try tmux.sendKeys("Enter")
        let detail = try await tmux.waitForText("Esc Back")
        #expect(detail.contains("Camera  Unknown camera"))
        #expect(detail.contains("No description."))
        try tmux.sendKeys("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test("a missing catalog is reported in an alert, and the list stays usable")
    func missingCatalog() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("photos-e2e-\(UUID().uuidString).json").path
        let tmux = try start(["--catalog", path, "--latency", "0"])
        defer { tmux.kill() }

        try await tmux.waitForText("No catalog file at")
        try tmux.sendKeys("Enter")
        try await tmux.waitForText("No pictures. Press r to reload.")
        try tmux.sendKeys("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test("a bad option is refused before the screen is taken")
    func badOption() async throws {
        let tmux = try start(["--latency", "90"])
        defer { tmux.kill() }

        let status = try await tmux.waitForExit()
        #expect(status != 0)
        #expect(try tmux.screenText().contains("--latency must be between 0 and 60 seconds."))
    }

    /// `-1` is a value, not an option: it is refused for what it is, not as a missing value.
    @Test("a negative latency is refused as out of range")
    func negativeLatency() throws {
        let result = try ChildProcess.run(executable.path, ["--latency", "-1"])
        #expect(result.status != 0)
        #expect(result.errors.contains("--latency must be between 0 and 60 seconds."), "\(result.errors)")
        #expect(result.output.isEmpty)
    }

    private func temporaryFile(_ contents: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("photos-e2e-\(UUID().uuidString).json")
        try Data(contents.utf8).write(to: url)
        return url
    }
}

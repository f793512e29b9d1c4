import ArgumentParser
import Foundation
import Photos
import PhotosTerminal
import TerminalUI

@main
struct PhotosCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photos",
        abstract: "Browse the \"Popular\" pictures of a photo catalog in the terminal.",
        discussion: """
            The catalog is JSON in the shape {"pictures": [{"id", "name", "description", "created_at", \
            "image_url", "for_sale", "camera"}, ...]}. Without --catalog the built-in sample is shown.
            Keys: ↑↓ (or j/k) move, Enter opens a picture for sale, r reloads, Esc goes back, q quits.
            """
    )

    @Option(name: .long, help: ArgumentHelp("A catalog JSON file to show instead of the built-in one.", valueName: "path"))
    var catalog: String?

    // Unconditional: `--latency -1` is a value to refuse clearly, not a missing one.
    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("Seconds to wait before the catalog loads, as a network would.", valueName: "seconds"))
    var latency: Double = 0.5

    func validate() throws {
        guard latency.isFinite, (0...60).contains(latency) else {
            throw ValidationError("--latency must be between 0 and 60 seconds.")
        }
    }

    @MainActor
    func run() async throws {
        let service = FileCatalogService(
            location: catalog.map { .file(path: $0) } ?? .bundled,
            latency: .milliseconds(Int64((latency * 1000).rounded()))
        )
        let app = TerminalApp()
        let screen = PhotosScreen(viewModel: PhotoListViewModel(service: service), requestRedraw: { [weak app] in
            app?.setNeedsRedraw()
        })
        screen.screenAppeared()
        try await app.run(screen, tick: .milliseconds(100))
    }
}

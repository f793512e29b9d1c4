import Photos
import PhotosTerminal
import TerminalUI

@MainActor
enum Screens {
    /// A screen whose pictures have loaded.
    static func loaded(_ photos: [Photo] = SamplePhotos.all) async -> PhotosScreen {
        let screen = PhotosScreen(viewModel: PhotoListViewModel(service: StubCatalogService(result: .success(photos))))
        await screen.screenAppeared().value
        return screen
    }

    static func press(_ keys: Key..., on screen: PhotosScreen) {
        for key in keys { _ = screen.handle(key) }
    }
}

extension TerminalSize {
    static let standard = TerminalSize(rows: 24, columns: 80)
    static let small = TerminalSize(rows: 10, columns: 40)
}

import Photos
import PhotosTerminal
import TerminalUI
import TestSupport
import Testing

/// Every photos screen at every size of `SnapshotFiles.sizes`, as text files.
@MainActor
@Suite("Photos screens at every size")
struct PhotosScreenSizesTests {
    @Test("the Popular list", arguments: SnapshotFiles.sizes)
    func list(size: TerminalSize) async {
        let screen = await Screens.loaded()
        Screens.press(.down, .down, on: screen)
        SnapshotFiles.expect(screen, size: size, named: "list", suite: "Photos")
    }

    @Test("a picture's detail with a long description", arguments: SnapshotFiles.sizes)
    func detail(size: TerminalSize) async {
        let photo = SamplePhotos.photo(
            1, "Harbour at First Light",
            description: "Fishing boats <b>waiting</b> for the tide &amp; the light.\n"
                + String(repeating: "The harbour wakes slowly, one engine at a time. ", count: 8),
            camera: "Fujifilm X-T4", createdAt: SamplePhotos.may2, offsetHours: 2, isForSale: true)
        let screen = await Screens.loaded([photo])
        Screens.press(.enter, on: screen)
        SnapshotFiles.expect(screen, size: size, named: "detail", suite: "Photos")
    }

    @Test("the not-for-sale alert over the list", arguments: SnapshotFiles.sizes)
    func alert(size: TerminalSize) async {
        let screen = await Screens.loaded()
        Screens.press(.down, .enter, on: screen)
        SnapshotFiles.expect(screen, size: size, named: "alert", suite: "Photos")
    }
}

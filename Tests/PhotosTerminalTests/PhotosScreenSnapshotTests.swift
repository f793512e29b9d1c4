import Photos
import PhotosTerminal
import TerminalUI
import Testing

/// Each screen at 80x24 and 40x10, compared line by line with what a user sees.
@MainActor
@Suite("Photos screens, as text")
struct PhotosScreenSnapshotTests {
    @Test func listOfLoadedPictures() async {
        let screen = await Screens.loaded()

        #expect(screen.render(size: .standard).lines == [
            " Popular                                                             6 pictures",
            "────────────────────────────────────────────────────────────────────────────────",
            "> Harbour at First Light                                   For sale  2024-05-02",
            "    Fujifilm X-T4 - Fishing boats waiting for the tide",
            "  Salt Flats                                                         2024-04-30",
            "    Nikon Z6",
            "  Quiet Library                                            For sale  2024-04-30",
            "    Reading room, late afternoon",
            "  Untitled                                                           2024-04-29",
            "",
            "  京都の朝                                                           2024-04-28",
            "    Canon EOS R6 - Morning mist over the temple roofs",
            "  Lighthouse Keeper's Cat                                  For sale  2024-04-27",
            "    Olympus OM-D E-M10 - Asleep on the warm lamp housing",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "↑↓ Move  ⏎ Open  r Reload  q Quit",
        ])
        #expect(screen.render(size: .small).lines == [
            " Popular                     6 pictures",
            "────────────────────────────────────────",
            "> Harbour at First Light   $ 2024-05-02",
            "    Fujifilm X-T4 - Fishing boats wait…",
            "  Salt Flats                 2024-04-30",
            "    Nikon Z6",
            "  Quiet Library            $ 2024-04-30",
            "    Reading room, late afternoon       ▼",
            "",
            "↑↓ Move  ⏎ Open  r Reload  q Quit",
        ])
    }

    @Test func listWhileLoading() async {
        let screen = PhotosScreen(viewModel: PhotoListViewModel(service: PendingCatalogService()))
        let load = screen.screenAppeared()
        defer { load.cancel() }

        #expect(screen.render(size: .standard).lines == [
            " Popular",
            "────────────────────────────────────────────────────────────────────────────────",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "                                ┌──────────────┐",
            "                                │ ⠋ Loading... │",
            "                                └──────────────┘",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "↑↓ Move  ⏎ Open  r Reload  q Quit",
        ])
        #expect(screen.render(size: .small).lines == [
            " Popular",
            "────────────────────────────────────────",
            "",
            "            ┌──────────────┐",
            "            │ ⠋ Loading... │",
            "            └──────────────┘",
            "",
            "",
            "",
            "↑↓ Move  ⏎ Open  r Reload  q Quit",
        ])
    }

    @Test func alertForAPictureNotForSale() async {
        let screen = await Screens.loaded()
        Screens.press(.down, .enter, on: screen)

        #expect(screen.render(size: .standard).lines == [
            " Popular                                                             6 pictures",
            "────────────────────────────────────────────────────────────────────────────────",
            "  Harbour at First Light                                   For sale  2024-05-02",
            "    Fujifilm X-T4 - Fishing boats waiting for the tide",
            "> Salt Flats                                                         2024-04-30",
            "    Nikon Z6",
            "  Quiet Library                                            For sale  2024-04-30",
            "    Reading room, late afternoon",
            "  Untitled                                                           2024-04-29",
            "                         ┌───────────────────────────┐",
            "  京都の朝               │ This item is not for sale │               2024-04-28",
            "    Canon EOS R6 - Mornin│                           │",
            "  Lighthouse Keeper's Cat│          [ OK ]           │     For sale  2024-04-27",
            "    Olympus OM-D E-M10 - └───────────────────────────┘ng",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "⏎ OK",
        ])
        #expect(screen.render(size: .small).lines == [
            " Popular                     6 pictures",
            "────────────────────────────────────────",
            "  Har┌───────────────────────────┐05-02",
            "    F│ This item is not for sale │wait…",
            "> Sal│                           │04-30",
            "    N│          [ OK ]           │",
            "  Qui└───────────────────────────┘04-30",
            "    Reading room, late afternoon       ▼",
            "",
            "⏎ OK",
        ])
    }

    @Test func detailOfAPictureForSale() async {
        let screen = await Screens.loaded()
        Screens.press(.enter, on: screen)

        #expect(screen.render(size: .standard).lines == [
            " Harbour at First Light",
            "────────────────────────────────────────────────────────────────────────────────",
            " Camera  Fujifilm X-T4",
            " Date    2024-05-02",
            " Price   For sale",
            " Image   https://images.example.com/photos/1001/w280.jpg",
            "",
            " Fishing boats waiting for the tide",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "↑↓ Scroll  q Quit  Esc Back",
        ])
        #expect(screen.render(size: .small).lines == [
            " Harbour at First Light",
            "────────────────────────────────────────",
            " Camera  Fujifilm X-T4",
            " Date    2024-05-02",
            " Price   For sale",
            " Image   https://images.example.com/pho",
            "         tos/1001/w280.jpg",
            "",
            " Fishing boats waiting for the tide",
            "↑↓ Scroll  q Quit  Esc Back",
        ])
    }
}

import Photos
import PhotosTerminal
import TerminalUI
import Testing

@MainActor
@Suite("Using the photos screen with the keyboard")
struct PhotosScreenTests {
    private let tall = TerminalSize(rows: 14, columns: 40)

    @Test func aFailedLoadShowsTheErrorUntilOKThenAnEmptyList() async {
        let screen = PhotosScreen(viewModel: PhotoListViewModel(
            service: StubCatalogService(result: .failure(.fileNotFound(file: "mine.json")))))
        await screen.screenAppeared().value

        #expect(screen.render(size: .standard).lines[9...13] == [
            "                       ┌───────────────────────────────┐",
            "                       │ No catalog file at mine.json. │",
            "                       │                               │",
            "                       │            [ OK ]             │",
            "                       └───────────────────────────────┘",
        ])
        #expect(screen.handle(.character("q")) == .ignored, "the alert must be answered first")
        #expect(screen.handle(.enter) == .handled)
        #expect(screen.render(size: .small).lines == [
            " Popular",
            "────────────────────────────────────────",
            "",
            "",
            "",
            "    No pictures. Press r to reload.",
            "",
            "",
            "",
            "↑↓ Move  ⏎ Open  r Reload  q Quit",
        ])
    }

    @Test func okEscapeOrSpaceDismissTheAlert() async {
        for key: Key in [.enter, .escape, .character(" ")] {
            let screen = await Screens.loaded()
            Screens.press(.down, .enter, on: screen)
            #expect(screen.render(size: .small).lines.last == "⏎ OK")

            #expect(screen.handle(key) == .handled)

            #expect(screen.render(size: .small).lines.last == "↑↓ Move  ⏎ Open  r Reload  q Quit")
            #expect(screen.render(size: .small).lines[4] == "> Salt Flats                 2024-04-30")
        }
    }

    @Test func backFromTheDetailKeepsTheSelection() async {
        for key: Key in [.escape, .left, .backspace, .character("b")] {
            let screen = await Screens.loaded()
            Screens.press(.down, .down, .enter, on: screen)
            #expect(screen.render(size: .small).lines[0] == " Quiet Library")

            #expect(screen.handle(key) == .handled)

            #expect(screen.render(size: .small).lines[6] == "> Quiet Library            $ 2024-04-30")
        }
    }

    @Test func qQuitsFromTheListAndTheDetail() async {
        let screen = await Screens.loaded()
        #expect(screen.handle(.character("q")) == .quit)
        Screens.press(.enter, on: screen)
        #expect(screen.handle(.character("q")) == .quit)
    }

    @Test func theListScrollsToKeepTheSelectionInView() async {
        let screen = await Screens.loaded()

        Screens.press(.end, on: screen)
        #expect(screen.render(size: .small).lines == [
            " Popular                     6 pictures",
            "────────────────────────────────────────",
            "  Untitled                   2024-04-29▲",
            "",
            "  京都の朝                   2024-04-28",
            "    Canon EOS R6 - Morning mist over t…",
            "> Lighthouse Keeper's Cat  $ 2024-04-27",
            "    Olympus OM-D E-M10 - Asleep on the…",
            "",
            "↑↓ Move  ⏎ Open  r Reload  q Quit",
        ])

        // Moving up inside the page moves the marker, not the page.
        Screens.press(.up, .character("k"), on: screen)
        #expect(screen.render(size: .small).lines[2] == "> Untitled                   2024-04-29▲")
        Screens.press(.up, on: screen)
        #expect(screen.render(size: .small).lines[2] == "> Quiet Library            $ 2024-04-30▲")
    }

    @Test func movingStopsAtTheEnds() async {
        let screen = await Screens.loaded()

        Screens.press(.up, .pageUp, .home, on: screen)
        #expect(screen.render(size: .small).lines[2].hasPrefix("> Harbour"))
        _ = screen.render(size: .small)
        Screens.press(.pageDown, .pageDown, .pageDown, .down, .character("j"), on: screen)
        #expect(screen.render(size: .small).lines[6].hasPrefix("> Lighthouse"))
        Screens.press(.character("g"), on: screen)
        #expect(screen.render(size: .small).lines[2].hasPrefix("> Harbour"))
        Screens.press(.character("G"), on: screen)
        #expect(screen.render(size: .small).lines[6].hasPrefix("> Lighthouse"))
    }

    @Test func aClickSelectsThePictureClickedAndAClickPastThemDoesNothing() async {
        let screen = await Screens.loaded()

        #expect(screen.handle(.click(.row(2))) == .handled)
        #expect(screen.render(size: .small).lines[6] == "> Quiet Library            $ 2024-04-30")
        #expect(screen.handle(.click(.row(99))) == .ignored)
        Screens.press(.enter, on: screen)
        #expect(screen.render(size: .small).lines[0] == " Quiet Library")
    }

    @Test func pageDownMovesByOneScreenful() async {
        let screen = await Screens.loaded()
        _ = screen.render(size: .small)  // three cells fit

        Screens.press(.pageDown, on: screen)

        #expect(screen.render(size: .small).lines[6] == "> Untitled                   2024-04-29")
    }

    @Test func rReloadsTheCatalog() async {
        let service = CountingCatalogService(photos: SamplePhotos.all)
        let screen = PhotosScreen(viewModel: PhotoListViewModel(service: service))
        await screen.screenAppeared().value

        #expect(screen.handle(.character("r")) == .handled)
        await screen.screenAppeared().value  // the reload under way

        #expect(await service.fetchCount == 2)
    }

    @Test("a long description scrolls, with an indicator, instead of being cut")
    func aLongDescriptionScrolls() async {
        let photo = SamplePhotos.photo(
            1, "A very long title for a small screen indeed",
            description: "First paragraph.\n" + String(repeating: "Long words go on and on. ", count: 12),
            camera: nil, createdAt: SamplePhotos.may2, offsetHours: 0, isForSale: true)
        let screen = await Screens.loaded([photo])
        Screens.press(.enter, on: screen)

        #expect(screen.render(size: tall).lines == [
            " A very long title for a small screen…",
            "────────────────────────────────────────",
            " Camera  Unknown camera",
            " Date    2024-05-02",
            " Price   For sale",
            " Image   https://images.example.com/pho",
            "         tos/1/w280.jpg",
            "",
            " First paragraph.",
            " Long words go on and on. Long words go",
            " on and on. Long words go on and on.",
            " Long words go on and on. Long words go",
            " lines 1–10 of 15 · ↑↓ scroll",
            "↑↓ Scroll  q Quit  Esc Back",
        ])
        Screens.press(.end, on: screen)
        #expect(Array(screen.render(size: tall).lines.suffix(4)) == [
            " Long words go on and on. Long words go",
            " on and on. Long words go on and on.",
            " lines 6–15 of 15 · ↑↓ scroll",
            "↑↓ Scroll  q Quit  Esc Back",
        ])
        Screens.press(.up, on: screen)
        #expect(screen.render(size: tall).lines[12] == " lines 5–14 of 15 · ↑↓ scroll")
    }

    @Test func theSpinnerTurnsOnEachTickWhileLoading() async {
        let screen = PhotosScreen(viewModel: PhotoListViewModel(service: PendingCatalogService()))
        let load = screen.screenAppeared()
        defer { load.cancel() }
        let spinnerRow = { screen.render(size: .small).lines[4] }

        #expect(spinnerRow() == "            │ ⠋ Loading... │")
        screen.tick()
        #expect(spinnerRow() == "            │ ⠙ Loading... │")
        screen.tick()
        #expect(spinnerRow() == "            │ ⠹ Loading... │")
    }

    @Test func aTickAsksForARedrawOnlyWhileTheSpinnerTurns() async {
        var redraws = 0
        let loading = PhotosScreen(viewModel: PhotoListViewModel(service: PendingCatalogService()), requestRedraw: { redraws += 1 })
        let load = loading.screenAppeared()
        defer { load.cancel() }
        let beforeTick = redraws
        loading.tick()
        #expect(redraws == beforeTick + 1, "the spinner moved")

        let idle = PhotosScreen(
            viewModel: PhotoListViewModel(service: StubCatalogService(result: .success(SamplePhotos.all))),
            requestRedraw: { redraws += 1 })
        await idle.screenAppeared().value
        let afterLoad = redraws
        for _ in 1...10 { idle.tick() }
        #expect(redraws == afterLoad, "nothing changed")
    }

    @Test func asksForARedrawWhenTheLoadEndsTheSelectionMovesAndAnAlertOpens() async {
        var redraws = 0
        let screen = PhotosScreen(
            viewModel: PhotoListViewModel(service: StubCatalogService(result: .success(SamplePhotos.all))),
            requestRedraw: { redraws += 1 })

        await screen.screenAppeared().value
        let afterLoad = redraws
        Screens.press(.down, .enter, on: screen)

        #expect(afterLoad >= 2, "loading started and ended, rows arrived")
        #expect(redraws == afterLoad + 2, "the selection moved, the alert opened")
    }

    @Test func theScreenItsViewModelAndListAdapterAreFreedTogether() async {
        var viewModel: PhotoListViewModel? = PhotoListViewModel(service: StubCatalogService(result: .success(SamplePhotos.all)))
        var screen: PhotosScreen? = PhotosScreen(viewModel: viewModel!)
        weak let releasedViewModel = viewModel
        weak let releasedScreen = screen
        viewModel = nil
        await screen!.screenAppeared().value
        Screens.press(.down, .enter, .enter, on: screen!)  // through the adapter, an event and an alert
        _ = screen!.render(size: .small)

        screen = nil

        #expect(releasedScreen == nil)
        #expect(releasedViewModel == nil)
    }
}

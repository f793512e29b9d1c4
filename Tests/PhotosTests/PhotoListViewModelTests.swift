import TestSupport
import Testing
@testable import Photos

@MainActor
@Suite("The Popular photo list")
struct PhotoListViewModelTests {
    private let forSale = Photo.fixture(id: 1, name: "Harbour", description: "Boats", camera: "X-T4", isForSale: true)
    private let notForSale = Photo.fixture(id: 2, name: "Salt Flats", description: nil, camera: "Nikon Z6", isForSale: false)
    private let bare = Photo.fixture(
        id: 3, name: "Untitled", description: "", camera: nil, createdAt: "2017-10-01T23:30:00-04:00", isForSale: false
    )

    /// Everything the screen was told, in order, across outputs and events.
    private final class ScreenLog {
        var entries: [String] = []
    }


    @Test func appearingFetchesTheCatalogOnce() async {
        let service = FakeCatalogService(photos: [forSale])
        let viewModel = PhotoListViewModel(service: service)

        await viewModel.screenAppeared().value

        #expect(await service.fetchCount == 1)
    }

    @Test func aFailedFetchShowsTheErrorInAnAlertAndNoRows() async {
        let viewModel = PhotoListViewModel(service: FakeCatalogService(.failure(.fileNotFound(file: "mine.json"))))
        let cells = Recorder(viewModel.cells)
        var events: [PhotoListEvent] = []
        viewModel.onEvent = { events.append($0) }

        await viewModel.screenAppeared().value

        #expect(events == [.showAlert(message: "No catalog file at mine.json.")])
        #expect(cells.values == [[]])
    }

    @Test func loadedPhotosBecomeOneRowEachInOneReload() async {
        let viewModel = PhotoListViewModel(service: FakeCatalogService(photos: [forSale, notForSale, bare]))
        let cells = Recorder(viewModel.cells)

        await viewModel.screenAppeared().value

        #expect(cells.values.map(\.count) == [0, 3])
        #expect(cells.values.last?.map(\.id) == [1, 2, 3])
    }

    @Test func isLoadingWhileFetchingAndNotAfter() async {
        var seenWhileFetching: [Bool] = []
        var viewModel: PhotoListViewModel?
        let service = FakeCatalogService(.success([forSale])) {
            await MainActor.run { seenWhileFetching.append(viewModel!.isLoading.value) }
        }
        viewModel = PhotoListViewModel(service: service)
        let isLoading = Recorder(viewModel!.isLoading)

        await viewModel!.screenAppeared().value

        #expect(seenWhileFetching == [true])
        #expect(isLoading.values == [false, true, false])
    }

    @Test func theSpinnerStopsBeforeTheRowsOrTheAlertArrive() async {
        for result: Result<[Photo], CatalogError> in [.success([forSale]), .failure(.fileNotFound(file: "x"))] {
            let viewModel = PhotoListViewModel(service: FakeCatalogService(result))
            let log = ScreenLog()
            viewModel.isLoading.bind { log.entries.append("loading \($0)") }
            viewModel.cells.bind { log.entries.append("\($0.count) rows") }
            viewModel.onEvent = { _ in log.entries.append("alert") }

            await viewModel.screenAppeared().value

            #expect(log.entries == ["loading true", "loading false", result.isSuccess ? "1 rows" : "alert"])
        }
    }

    @Test func selectingAPictureForSaleOpensItsDetail() async {
        let viewModel = PhotoListViewModel(service: FakeCatalogService(photos: [notForSale, forSale]))
        var events: [PhotoListEvent] = []
        viewModel.onEvent = { events.append($0) }
        await viewModel.screenAppeared().value

        viewModel.openTapped(id: forSale.id)

        #expect(events == [.openDetail(PhotoDetailViewModel(forSale))])
    }

    @Test func selectingAPictureNotForSaleSaysSo() async {
        let viewModel = PhotoListViewModel(service: FakeCatalogService(photos: [notForSale, forSale]))
        var events: [PhotoListEvent] = []
        viewModel.onEvent = { events.append($0) }
        await viewModel.screenAppeared().value

        viewModel.openTapped(id: notForSale.id)

        #expect(events == [.showAlert(message: "This item is not for sale")])
    }

    @Test func rowsShowTitleCameraAndDescriptionAndDay() async {
        let viewModel = PhotoListViewModel(service: FakeCatalogService(photos: [forSale, notForSale, bare]))

        await viewModel.screenAppeared().value

        let rows = viewModel.cells.value
        #expect(rows.map(\.titleText) == ["Harbour", "Salt Flats", "Untitled"])
        #expect(rows.map(\.descriptionText) == ["X-T4 - Boats", "Nikon Z6", ""])
        #expect(rows.map(\.dateText) == ["2024-05-02", "2024-05-02", "2017-10-01"])
        #expect(rows.map(\.isForSale) == [true, false, false])
    }

    @Test func selectingNothingOrBeforeLoadingDoesNothing() async {
        let viewModel = PhotoListViewModel(service: FakeCatalogService(photos: [forSale]))
        var events: [PhotoListEvent] = []
        viewModel.onEvent = { events.append($0) }

        viewModel.openTapped(id: forSale.id)
        await viewModel.screenAppeared().value
        viewModel.openTapped(id: notForSale.id)
        viewModel.openTapped(id: -1)

        #expect(events == [])
    }

    @Test func theSelectionNamesAPictureAndMovesWithinTheList() async {
        let viewModel = PhotoListViewModel(service: FakeCatalogService(photos: [forSale, notForSale, bare]))
        let selection = Recorder(viewModel.selectedPhotoID)

        viewModel.selectionMoved(by: 1)
        await viewModel.screenAppeared().value
        viewModel.selectionMoved(by: 1)
        viewModel.selectionMoved(by: 5)
        viewModel.selectionMovedToStart()
        viewModel.photoSelected(id: bare.id)
        viewModel.photoSelected(id: 99)
        viewModel.selectionMoved(by: -1)
        viewModel.selectionMovedToEnd()

        #expect(selection.values == [nil, 1, 2, 3, 1, 3, 2, 3])
    }

    @Test func aReloadKeepsTheSelectedPictureWhereverItNowIsOrTheOneInItsPlace() async {
        let service = SuccessiveCatalogService([[forSale, notForSale, bare], [bare, forSale, notForSale], [forSale, notForSale]])
        let viewModel = PhotoListViewModel(service: service)
        let selection = Recorder(viewModel.selectedPhotoID)

        await viewModel.screenAppeared().value
        viewModel.photoSelected(id: notForSale.id)
        await viewModel.reloadRequested().value
        viewModel.photoSelected(id: bare.id)
        await viewModel.reloadRequested().value

        #expect(selection.values == [nil, 1, 2, 3, 1])
    }

    @Test func appearingAgainWhileLoadingDoesNotFetchTwice() async {
        let service = FakeCatalogService(photos: [forSale])
        let viewModel = PhotoListViewModel(service: service)
        let isLoading = Recorder(viewModel.isLoading)

        let first = viewModel.screenAppeared()
        let second = viewModel.reloadRequested()
        await first.value
        await second.value

        #expect(await service.fetchCount == 1)
        #expect(isLoading.values == [false, true, false])
    }

    @Test func reloadingFetchesAgainAndReplacesTheRows() async {
        let service = FakeCatalogService(photos: [forSale, notForSale])
        let viewModel = PhotoListViewModel(service: service)
        let cells = Recorder(viewModel.cells)
        let isLoading = Recorder(viewModel.isLoading)

        await viewModel.screenAppeared().value
        await viewModel.reloadRequested().value

        #expect(await service.fetchCount == 2)
        #expect(cells.values.map { $0.map(\.id) } == [[], [1, 2], [1, 2]])
        #expect(isLoading.values == [false, true, false, true, false])
    }

    @Test func aListReleasedBeforeItsLoadStartsIsFreedAndFetchesNothing() async {
        let service = FakeCatalogService(photos: [forSale])
        var viewModel: PhotoListViewModel? = PhotoListViewModel(service: service)
        weak let released = viewModel
        var events: [PhotoListEvent] = []
        viewModel?.onEvent = { events.append($0) }

        let load = viewModel!.screenAppeared()
        viewModel = nil
        await load.value

        #expect(released == nil)
        #expect(await service.fetchCount == 0)
        #expect(events == [])
    }

    @Test func aLoadedListIsFreedWhenReleased() async {
        var viewModel: PhotoListViewModel? = PhotoListViewModel(service: FakeCatalogService(photos: [forSale]))
        weak let released = viewModel
        await viewModel!.screenAppeared().value

        viewModel = nil

        #expect(released == nil)
    }
}

private extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}

/// A catalog that answers each fetch with the next of its lists, the last one for ever.
private actor SuccessiveCatalogService: PhotoCatalogService {
    private var lists: [[Photo]]

    init(_ lists: [[Photo]]) {
        self.lists = lists
    }

    func fetchPopularPhotos() async throws(CatalogError) -> [Photo] {
        lists.count > 1 ? lists.removeFirst() : lists[0]
    }
}

import Binding

/// The "Popular" photo list: loads the catalog, turns photos into rows, keeps the selected
/// picture (by id, across reloads), and decides what opening a picture does.
@MainActor
public final class PhotoListViewModel {
    public static let notForSaleMessage = "This item is not for sale"

    public let title = "Popular"
    public let isLoading = Bindable(false, skipsEqualValues: true)
    /// Setting these is the list's "reload" signal.
    public let cells = Bindable<[PhotoCellViewModel]>([])
    /// The picture the list's actions apply to; `nil` while there are none.
    public let selectedPhotoID = Bindable<Int?>(nil, skipsEqualValues: true)
    public var onEvent: (@MainActor (PhotoListEvent) -> Void)?

    private let service: any PhotoCatalogService
    private var photos: [Photo] = []
    /// The load under way (see `TaskSlot` for how view models own their work).
    let loading = TaskSlot()

    public init(service: any PhotoCatalogService) {
        self.service = service
    }

    /// Starts loading the catalog, unless a load is already under way.
    /// The returned task (the one in `loading`) finishes when the list is up to date.
    @discardableResult
    public func screenAppeared() -> Task<Void, Never> {
        if isLoading.value, let task = loading.task { return task }
        isLoading.value = true
        let task = Task { [weak self] () -> Void in await self?.loadPhotos() }
        loading.replace(with: task)
        return task
    }

    @discardableResult
    public func reloadRequested() -> Task<Void, Never> {
        screenAppeared()
    }

    // MARK: Selection

    /// The user selected the picture `id` (clicked it, say).
    public func photoSelected(id: Int) {
        guard index(of: id) != nil else { return }
        selectedPhotoID.value = id
    }

    /// The user moved the selection `offset` rows down (up when negative), stopping at either end.
    public func selectionMoved(by offset: Int) {
        guard !photos.isEmpty else { return }
        let current = selectedPhotoID.value.flatMap(index(of:)) ?? 0
        selectedPhotoID.value = photos[min(max(0, current + offset), photos.count - 1)].id
    }

    /// The user wants the first picture.
    public func selectionMovedToStart() {
        if let first = photos.first { selectedPhotoID.value = first.id }
    }

    /// The user wants the last picture.
    public func selectionMovedToEnd() {
        if let last = photos.last { selectedPhotoID.value = last.id }
    }

    // MARK: Opening

    /// The user chose the picture `id`: one for sale opens its detail, any other is not for sale.
    public func openTapped(id: Int) {
        guard let index = index(of: id) else { return }
        selectedPhotoID.value = id
        let photo = photos[index]
        if photo.isForSale {
            onEvent?(.openDetail(PhotoDetailViewModel(photo)))
        } else {
            onEvent?(.showAlert(message: Self.notForSaleMessage))
        }
    }

    private func loadPhotos() async {
        let result: Result<[Photo], CatalogError>
        do {
            result = .success(try await service.fetchPopularPhotos())
        } catch {
            result = .failure(error)
        }
        isLoading.value = false

        switch result {
        case .success(let photos):
            show(photos)
        case .failure(let error):
            onEvent?(.showAlert(message: error.description))
        }
    }

    /// Shows `photos`; the selection stays on its picture, or on the picture now in its place
    /// when that one is gone.
    private func show(_ photos: [Photo]) {
        let previousIndex = selectedPhotoID.value.flatMap(index(of:))
        self.photos = photos
        cells.value = photos.map(PhotoCellViewModel.init)
        if let selected = selectedPhotoID.value, index(of: selected) != nil { return }
        selectedPhotoID.value = photos.isEmpty ? nil : photos[min(previousIndex ?? 0, photos.count - 1)].id
    }

    private func index(of id: Int) -> Int? {
        photos.firstIndex { $0.id == id }
    }
}

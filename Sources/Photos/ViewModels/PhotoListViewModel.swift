import Binding

/// The "Popular" photo list: loads the catalog, turns photos into rows, and decides
/// what selecting a row does.
@MainActor
public final class PhotoListViewModel {
    public static let notForSaleMessage = "This item is not for sale"

    public let title = "Popular"
    public let isLoading = Bindable(false, skipsEqualValues: true)
    /// Setting these is the list's "reload" signal.
    public let cells = Bindable<[PhotoCellViewModel]>([])
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

    public func photoSelected(at index: Int) {
        guard photos.indices.contains(index) else { return }
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
            self.photos = photos
            cells.value = photos.map(PhotoCellViewModel.init)
        case .failure(let error):
            onEvent?(.showAlert(message: error.description))
        }
    }
}

import Photos
import TerminalUI

/// The photos app's screen: the "Popular" list, the detail of a picture for sale, and
/// alerts over the list. It forwards keys to the view model and draws its outputs; the
/// decisions (what loads, what opens, what is not for sale) are the view model's.
@MainActor
public final class PhotosScreen: TerminalView {
    private enum Route {
        case list
        case detail(PhotoDetailViewModel)
    }

    private let viewModel: PhotoListViewModel
    private let adapter = PhotoListAdapter()
    private let requestRedraw: @MainActor () -> Void
    private var route = Route.list
    private var alertMessage: String?
    private var spinnerFrame = 0

    /// - Parameter requestRedraw: called when the view model changes on its own (a load ends).
    public init(viewModel: PhotoListViewModel, requestRedraw: @escaping @MainActor () -> Void = {}) {
        self.viewModel = viewModel
        self.requestRedraw = requestRedraw
        adapter.delegate = self
        viewModel.onEvent = { [weak self] event in self?.show(event) }
        viewModel.cells.bind(self) { screen, _ in
            screen.adapter.cellsChanged()
            screen.requestRedraw()
        }
        viewModel.isLoading.bind(self) { screen, _ in screen.requestRedraw() }
    }

    /// Starts loading the pictures; the returned task ends when the list is up to date.
    @discardableResult
    public func screenAppeared() -> Task<Void, Never> {
        viewModel.screenAppeared()
    }

    public func render(size: TerminalSize) -> Canvas {
        switch route {
        case .list:
            adapter.layout(visibleCells: PhotoListView.visibleCellCount(for: size))
            return PhotoListView(
                title: viewModel.title,
                cells: viewModel.cells.value,
                selectedIndex: adapter.selectedIndex,
                scrollOffset: adapter.scrollOffset,
                isLoading: viewModel.isLoading.value,
                spinnerFrame: spinnerFrame,
                alertMessage: alertMessage
            ).render(size: size)
        case .detail(let detail):
            return PhotoDetailView(detail: detail).render(size: size)
        }
    }

    public func handle(_ key: Key) -> KeyResult {
        if alertMessage != nil {
            guard key == .enter || key == .escape || key == .character(" ") else { return .ignored }
            alertMessage = nil
            return .handled
        }
        switch route {
        case .list:
            switch key {
            case .character("q"): return .quit
            case .character("r"):
                viewModel.reloadRequested()
                return .handled
            default: return adapter.handle(key)
            }
        case .detail:
            switch key {
            case .character("q"): return .quit
            case .escape, .left, .backspace, .character("b"):
                route = .list
                return .handled
            default: return .ignored
            }
        }
    }

    public func tick() {
        if viewModel.isLoading.value { spinnerFrame += 1 }
    }

    private func show(_ event: PhotoListEvent) {
        switch event {
        case .showAlert(let message): alertMessage = message
        case .openDetail(let detail): route = .detail(detail)
        }
        requestRedraw()
    }
}

extension PhotosScreen: PhotoListAdapterDelegate {
    var cells: [PhotoCellViewModel] { viewModel.cells.value }

    func photoListAdapter(didSelectPhotoAt index: Int) {
        viewModel.photoSelected(at: index)
    }
}

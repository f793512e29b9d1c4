import Photos
import TerminalUI

/// The photos app's screen: the "Popular" list, the detail of a picture for sale, and
/// alerts over the list. It forwards keys to the view model and draws its outputs; the
/// decisions (what loads, what opens, what is not for sale) are the view model's.
@MainActor
public final class PhotosScreen: TerminalView {
    private enum Route {
        case list
        /// A picture's detail, and the first line of it shown.
        case detail(PhotoDetailViewModel, scrollOffset: Int)
    }

    private let viewModel: PhotoListViewModel
    private let adapter: PhotoListAdapter
    private let requestRedraw: @MainActor () -> Void
    private var route = Route.list
    private var alertMessage: String?
    private var spinnerFrame = 0
    /// The size of the last frame, for paging through a detail.
    private var lastSize = TerminalSize(rows: 24, columns: 80)

    /// - Parameter requestRedraw: called when the view model changes on its own (a load ends).
    public init(viewModel: PhotoListViewModel, requestRedraw: @escaping @MainActor () -> Void = {}) {
        self.viewModel = viewModel
        self.requestRedraw = requestRedraw
        adapter = PhotoListAdapter(viewModel: viewModel)
        viewModel.onEvent = { [weak self] event in self?.show(event) }
        viewModel.cells.bind(self) { screen, _ in screen.requestRedraw() }
        viewModel.selectedPhotoID.bind(self) { screen, _ in screen.requestRedraw() }
        viewModel.isLoading.bind(self) { screen, _ in screen.requestRedraw() }
    }

    /// Starts loading the pictures; the returned task ends when the list is up to date.
    @discardableResult
    public func screenAppeared() -> Task<Void, Never> {
        viewModel.screenAppeared()
    }

    public func render(size: TerminalSize) -> Canvas {
        lastSize = size
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
        case .detail(let detail, let offset):
            let view = PhotoDetailView(detail: detail, scrollOffset: offset)
            route = .detail(detail, scrollOffset: view.shownOffset(for: size))
            return view.render(size: size)
        }
    }

    public var keyMap: KeyMap? {
        if alertMessage != nil { return nil }
        switch route {
        case .list: return PhotoListView.keys
        case .detail: return PhotoDetailView.keys
        }
    }

    /// The title, the rule, one picture and the footer.
    public var minimumSize: TerminalSize { TerminalSize(rows: 5, columns: 20) }

    public func handle(_ key: Key) -> KeyResult {
        if alertMessage != nil {
            guard key == .enter || key == .escape || key == .character(" ") || key.clickedTarget != nil else { return .ignored }
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
        case .detail(let detail, let offset):
            switch key {
            case .character("q"): return .quit
            case .escape, .left, .backspace, .character("b"):
                route = .list
                return .handled
            default:
                let page = PhotoDetailView.visibleRows(for: lastSize)
                guard let newOffset = Scrolling.offset(after: key, current: offset, pageSize: page) else { return .ignored }
                route = .detail(detail, scrollOffset: newOffset)
                return .handled
            }
        }
    }

    /// Moves the spinner while loading; an idle list asks for no redraw.
    public func tick() {
        guard viewModel.isLoading.value else { return }
        spinnerFrame += 1
        requestRedraw()
    }

    private func show(_ event: PhotoListEvent) {
        switch event {
        case .showAlert(let message): alertMessage = message
        case .openDetail(let detail): route = .detail(detail, scrollOffset: 0)
        }
        requestRedraw()
    }
}

/// Where the user is on the flights screen: which row is selected and whether its card is open.
/// A value the screen keeps and the renderer reads; every change is named after what the user did.
public struct FlightsScreenState: Hashable, Sendable {
    public enum Mode: Hashable, Sendable {
        case list
        case card
    }

    public var mode: Mode = .list
    public var selectedIndex = 0
    /// The first list row on screen, kept between frames so scrolling does not jump.
    public var scrollOffset = 0

    public init(mode: Mode = .list, selectedIndex: Int = 0, scrollOffset: Int = 0) {
        self.mode = mode
        self.selectedIndex = selectedIndex
        self.scrollOffset = scrollOffset
    }

    /// The user moved the selection (arrows, j/k, Page Up/Down, Home/End, a click, the wheel) to `index`.
    public mutating func moved(to index: Int) {
        selectedIndex = max(0, index)
    }

    /// Opens the selected flight's card; with no flights there is nothing to open.
    public mutating func enterPressed(itemCount: Int) {
        guard itemCount > 0 else { return }
        mode = .card
    }

    public mutating func backPressed() {
        mode = .list
    }
}

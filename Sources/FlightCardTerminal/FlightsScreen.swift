import FlightCard
import TerminalUI

/// The flights app's one screen: the list, and the selected flight's card over it.
/// It keeps the navigation state, turns keys into the user's actions, and leaves
/// drawing to `FlightsScreenRenderer`.
@MainActor
public final class FlightsScreen: TerminalView {
    public private(set) var state: FlightsScreenState
    private let list: FlightListViewModel

    /// Rows the list showed in the last frame, for Page Up and Page Down.
    private var visibleRows = 10

    public init(list: FlightListViewModel, state: FlightsScreenState = FlightsScreenState()) {
        self.list = list
        self.state = state
    }

    public var keyMap: KeyMap? {
        state.mode == .list ? FlightsScreenRenderer.listKeys : FlightsScreenRenderer.cardKeys
    }

    /// The list needs the title, one flight and the footer; the card needs room for its box.
    public var minimumSize: TerminalSize {
        state.mode == .list ? TerminalSize(rows: 4, columns: 20) : TerminalSize(rows: 8, columns: 30)
    }

    public func render(size: TerminalSize) -> Canvas {
        visibleRows = max(1, FlightsScreenRenderer.listRect(in: size).height)
        state.scrollOffset = ListView.scrollOffset(
            keeping: state.selectedIndex,
            visibleRows: FlightsScreenRenderer.listRect(in: size).height,
            count: list.items.count,
            current: state.scrollOffset
        )
        return FlightsScreenRenderer.render(list, state: state, size: size)
    }

    public func handle(_ key: Key) -> KeyResult {
        switch (state.mode, key) {
        case (_, .character("q")):
            return .quit
        case (.list, .enter):
            state.enterPressed(itemCount: list.items.count)
        case (.card, .escape), (.card, .backspace), (.card, .left):
            state.backPressed()
        case (.list, _):
            // The list keys of every app: ↑↓ and j/k, Page Up/Down, Home/End and g/G, the wheel, a click.
            var selection: Int? = state.selectedIndex
            guard ListView.navigate(key, selection: &selection, count: list.items.count, pageSize: max(1, visibleRows - 1)) else {
                return .ignored
            }
            state.moved(to: selection ?? 0)
        default:
            return .ignored
        }
        return .handled
    }
}

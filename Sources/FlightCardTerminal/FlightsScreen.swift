import FlightCard
import TerminalUI

/// The flights app's one screen: the list, and the selected flight's card over it.
/// It keeps the navigation state, turns keys into the user's actions, and leaves
/// drawing to `FlightsScreenRenderer`.
@MainActor
public final class FlightsScreen: TerminalView {
    public private(set) var state: FlightsScreenState
    private let list: FlightListViewModel

    public init(list: FlightListViewModel, state: FlightsScreenState = FlightsScreenState()) {
        self.list = list
        self.state = state
    }

    public func render(size: TerminalSize) -> Canvas {
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
        case (.list, .up), (.list, .character("k")):
            state.upPressed()
        case (.list, .down), (.list, .character("j")):
            state.downPressed(itemCount: list.items.count)
        case (.list, .enter):
            state.enterPressed(itemCount: list.items.count)
        case (.card, .escape), (.card, .backspace), (.card, .left):
            state.backPressed()
        default:
            return .ignored
        }
        return .handled
    }
}

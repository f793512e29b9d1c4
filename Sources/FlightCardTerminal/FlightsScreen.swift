import FlightCard
import TerminalUI

/// The flights app's one screen: the list, and the selected flight's card over it.
/// It turns keys into the list state's inputs, naming flights by id, keeps only what is about
/// showing (how far the list is scrolled), and leaves drawing to `FlightsScreenRenderer`.
@MainActor
public final class FlightsScreen: TerminalView {
    public private(set) var state: FlightListState
    /// The first list row on screen, kept between frames so scrolling does not jump.
    public private(set) var scrollOffset = 0
    /// The open card's first line, on a terminal too short for all of them.
    public private(set) var cardOffset = 0
    /// Rows the card showed in the last frame, for Page Up and Page Down.
    private var cardRows = 4
    /// Whether the last frame was too short for the whole card.
    private var cardIsCut = false
    private let list: FlightListViewModel

    /// Rows the list showed in the last frame, for Page Up and Page Down.
    private var visibleRows = 10

    public init(list: FlightListViewModel, state: FlightListState = FlightListState()) {
        self.list = list
        self.state = state
    }

    public var keyMap: KeyMap? {
        guard state.mode == .card else { return FlightsScreenRenderer.listKeys }
        return cardIsCut ? FlightsScreenRenderer.scrollingCardKeys : FlightsScreenRenderer.cardKeys
    }

    /// The list needs the title, one flight and the footer; the card needs room for its box.
    public var minimumSize: TerminalSize {
        state.mode == .list ? TerminalSize(rows: 4, columns: 20) : TerminalSize(rows: 8, columns: 30)
    }

    public func render(size: TerminalSize) -> Canvas {
        let listHeight = FlightsScreenRenderer.listRect(in: size).height
        visibleRows = max(1, listHeight)
        scrollOffset = ListView.scrollOffset(
            keeping: state.selectedIndex(in: list),
            visibleRows: listHeight,
            count: list.items.count,
            current: scrollOffset
        )
        if state.mode == .card, let card = state.openCard(in: list) {
            let rect = FlightsScreenRenderer.cardRect(card, size: size)
            let view = FlightCardView(viewModel: card)
            cardOffset = view.shownOffset(cardOffset, in: rect)
            cardRows = max(1, rect.height - 2)
            cardIsCut = view.isCut(in: rect)
        }
        return FlightsScreenRenderer.render(list, state: state, scrollOffset: scrollOffset, cardOffset: cardOffset, size: size)
    }

    public func handle(_ key: Key) -> KeyResult {
        switch (state.mode, key) {
        case (_, .character("q")):
            return .quit
        case (.list, .enter):
            state.openTapped(in: list)
            cardOffset = 0
        case (.card, .escape), (.card, .backspace), (.card, .left):
            state.backTapped()
        case (.card, _):
            // A card taller than the terminal scrolls (the render keeps the offset within it).
            guard cardIsCut, let offset = Scrolling.offset(after: key, current: cardOffset, pageSize: max(1, cardRows - 1)) else {
                return .ignored
            }
            cardOffset = offset
        case (.list, _):
            // The list keys of every app: ↑↓ and j/k, Page Up/Down, Home/End and g/G, the wheel, a click.
            guard let move = ListView.Move(key, pageSize: max(1, visibleRows - 1)), select(move) else { return .ignored }
        }
        return .handled
    }

    /// False for a click past the rows.
    private func select(_ move: ListView.Move) -> Bool {
        switch move {
        case .by(let offset): state.selectionMoved(by: offset, in: list)
        case .toStart: state.selectionMovedToStart(in: list)
        case .toEnd: state.selectionMovedToEnd(in: list)
        case .toRow(let index):
            guard list.items.indices.contains(index) else { return false }
            state.flightSelected(id: list.items[index].id, in: list)
        }
        return true
    }
}

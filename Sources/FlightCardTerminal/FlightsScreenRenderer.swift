import FlightCard
import TerminalUI

/// Draws the flights screen: a pure function of the list, the screen state and the terminal size.
///
/// ```
///  Flights (6)
///
/// > KL 903  AMS ➔ SVO     Nov 23, 2026 10:45
///   LH 400  FRA ➔ JFK     Nov 24, 2026 10:00
///   ...
/// ↑↓/jk Move  ⏎ Show card  q Quit
/// ```
public enum FlightsScreenRenderer {
    public static let listKeys = KeyMap(title: "Flights", ("↑↓/jk", "Move"), ("⏎", "Show card"), ("q", "Quit"))
    /// The way out comes last: a footer short of room keeps the last key.
    public static let cardKeys = KeyMap(title: "Flight card", ("q", "Quit"), ("Esc", "Back"))
    /// On a terminal too short for the whole card.
    public static let scrollingCardKeys = KeyMap(title: "Flight card", ("↑↓", "Scroll"), ("q", "Quit"), ("Esc", "Back"))

    /// The rows the list gets at `size`: between the title (and a gap) and the footer.
    public static func listRect(in size: TerminalSize) -> Rect {
        Rect(row: 2, column: 0, width: size.columns, height: size.rows - 3)
    }

    /// - Parameter scrollOffset: the first list row to show, when that keeps the selection in view.
    /// - Parameter cardOffset: the card's first line, on a terminal too short for all of them.
    public static func render(
        _ list: FlightListViewModel, state: FlightListState, scrollOffset: Int = 0, cardOffset: Int = 0, size: TerminalSize
    ) -> Canvas {
        var canvas = Canvas(size: size)
        canvas.draw(list.title, row: 0, column: 1, style: .bold, width: size.columns - 1)
        switch state.mode {
        case .list:
            drawList(list, selectedIndex: state.selectedIndex(in: list), scrollOffset: scrollOffset, in: &canvas)
            Footer(listKeys).draw(in: &canvas, at: footerRect(in: size))
        case .card:
            var keys = cardKeys
            if let card = state.openCard(in: list) {
                let view = FlightCardView(viewModel: card), rect = cardRect(card, size: size)
                view.draw(in: &canvas, at: rect, offset: cardOffset)
                if view.isCut(in: rect) { keys = scrollingCardKeys }
            }
            Footer(keys).draw(in: &canvas, at: footerRect(in: size))
        }
        return canvas
    }

    private static func footerRect(in size: TerminalSize) -> Rect {
        Rect(row: size.rows - 1, column: 0, width: size.columns, height: 1)
    }

    private static func drawList(_ list: FlightListViewModel, selectedIndex: Int?, scrollOffset: Int, in canvas: inout Canvas) {
        let area = listRect(in: canvas.size)
        guard !list.items.isEmpty else {
            canvas.draw(list.emptyMessage, row: area.row, column: 2, style: .dim, width: area.width - 2)
            return
        }
        let rows = list.items.map(\.row)
        // Pad flight numbers to one width so the routes line up.
        let numberWidth = rows.map { DisplayWidth.of($0.flightNumber) }.max() ?? 0
        ListView(count: rows.count, selectedIndex: selectedIndex, scrollOffset: scrollOffset) { index in
            let row = rows[index]
            return ListView.Row(TextLayout.pad(row.flightNumber, toWidth: numberWidth) + "  " + row.route, detail: row.departure)
        }
        .draw(in: &canvas, at: area)
    }

    /// Where the card goes: at most 60 columns wide, centred below the title.
    public static func cardRect(_ card: FlightCardViewModel, size: TerminalSize) -> Rect {
        let width = min(60, size.columns - 2)
        return Rect(row: 2, column: (size.columns - width) / 2, width: width,
                    height: FlightCardView(viewModel: card).height(forWidth: width, maxHeight: size.rows - 3))
    }
}

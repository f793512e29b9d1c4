import FlightCard
import TerminalUI

/// The flight card drawn as a bordered panel: airline and number in the border, the route, then
/// departure, arrival and flight time. Long lines wrap to the card's width, so the card grows
/// taller as the terminal gets narrower; given fewer rows than it asks for, it drops the blank
/// lines between sections first, then shows its lines from an offset, with ▲ and ▼ on its edge
/// while lines are hidden above or below.
///
/// ```
/// ┌─ KLM KL 903 ───────────────────────┐
/// │ AMS ➔ SVO                          │
/// │                                    │
/// │ Departure                          │
/// │ Monday, November 23, 2026          │
/// │ 10:45 Amsterdam, Schiphol Airport  │
/// │ ...                                │
/// ```
public struct FlightCardView: Sendable {
    /// As in the seed, the card's view model is named after the view it feeds.
    public typealias ViewModel = FlightCardViewModel

    public var viewModel: ViewModel

    public init(viewModel: ViewModel) {
        self.viewModel = viewModel
    }

    /// Rows the card needs at `width` columns, border included, when it may take at most `maxHeight`.
    public func height(forWidth width: Int, maxHeight: Int = .max) -> Int {
        let lines = lines(contentWidth: Self.contentWidth(forWidth: width), maxLines: maxHeight - 2)
        return min(maxHeight, lines.count + 2)
    }

    /// - Parameter offset: the first line shown when they do not all fit (clamped).
    public func draw(in canvas: inout Canvas, at rect: Rect, offset: Int = 0) {
        Box(title: title(width: rect.width)).draw(in: &canvas, at: rect)
        let inside = Box.contentRect(of: rect)
        let content = inside.inset(horizontally: Self.padding)
        let lines = lines(contentWidth: content.width, maxLines: content.height)
        let first = shownOffset(offset, in: rect)
        for (row, line) in lines.dropFirst(first).prefix(content.height).enumerated() {
            canvas.draw(line.text, row: content.row + row, column: content.column, style: line.style, width: content.width)
        }
        // On the padding column: what a short terminal leaves out is marked, not silently cut.
        Scrolling.drawIndicators(in: &canvas, at: inside, offset: first, contentRows: lines.count)
    }

    /// The border's title at `width` columns: a long airline name is shortened before the flight
    /// number, which is what tells one flight from another.
    private func title(width: Int) -> String? {
        guard !viewModel.isEmpty else { return nil }
        let full = "\(viewModel.airline) \(viewModel.flightNumber)"
        let room = width - 6 // the corners, the dashes beside the title and its spaces
        guard DisplayWidth.of(full) > room else { return full }
        let airlineRoom = room - DisplayWidth.of(viewModel.flightNumber) - 1
        guard airlineRoom >= 2 else { return viewModel.flightNumber }
        return TextLayout.truncate(viewModel.airline, toWidth: airlineRoom) + " " + viewModel.flightNumber
    }

    /// Whether `rect` is too short for every line: the card then scrolls.
    public func isCut(in rect: Rect) -> Bool {
        let (count, rows) = lineCount(in: rect)
        return count > rows
    }

    /// The first line `draw` shows at `rect` for `offset`: at most as far as fills the rows.
    public func shownOffset(_ offset: Int, in rect: Rect) -> Int {
        let (count, rows) = lineCount(in: rect)
        return Scrolling.clamped(offset, visibleRows: rows, contentRows: count)
    }

    /// How many lines the card has at `rect`, and how many rows it shows them in.
    private func lineCount(in rect: Rect) -> (count: Int, rows: Int) {
        let content = Box.contentRect(of: rect).inset(horizontally: Self.padding)
        return (lines(contentWidth: content.width, maxLines: content.height).count, content.height)
    }

    private static let padding = 1

    private static func contentWidth(forWidth width: Int) -> Int {
        max(0, width - 2 - 2 * padding)
    }

    private struct Line {
        var text: String
        var style: Style = .plain
    }

    private func lines(contentWidth width: Int, maxLines: Int) -> [Line] {
        var lines = allLines(contentWidth: width)
        if lines.count > maxLines {
            // Short of rows: give up the gaps between sections before any text.
            lines.removeAll { $0.text.isEmpty }
        }
        return lines
    }

    private func allLines(contentWidth width: Int) -> [Line] {
        guard !viewModel.isEmpty, width > 0 else { return [] }
        func wrapped(_ text: String, _ style: Style = .plain) -> [Line] {
            TextLayout.wrap(text, width: width).map { Line(text: $0, style: style) }
        }
        let blank = [Line(text: "")]
        return wrapped(viewModel.route, .bold)
            + blank + wrapped("Departure", .dim) + wrapped(viewModel.departureDay) + wrapped(viewModel.departure)
            + blank + wrapped("Arrival", .dim) + wrapped(viewModel.arrivalDay) + wrapped(viewModel.arrival)
            + blank + wrapped("Flight time: \(viewModel.duration)")
    }
}

private extension Rect {
    func inset(horizontally amount: Int) -> Rect {
        Rect(row: row, column: column + amount, width: width - 2 * amount, height: height)
    }
}

import FlightCard
import TerminalUI

/// The flight card drawn as a bordered panel: airline and number in the border, the route, then
/// departure, arrival and flight time. Long lines wrap to the card's width, so the card grows
/// taller as the terminal gets narrower; given fewer rows than it asks for, it drops the blank
/// lines between sections first.
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

    public func draw(in canvas: inout Canvas, at rect: Rect) {
        let title = viewModel.isEmpty ? nil : "\(viewModel.airline) \(viewModel.flightNumber)"
        Box(title: title).draw(in: &canvas, at: rect)
        let content = Box.contentRect(of: rect).inset(horizontally: Self.padding)
        let lines = lines(contentWidth: content.width, maxLines: content.height)
        for (offset, line) in lines.prefix(content.height).enumerated() {
            canvas.draw(line.text, row: content.row + offset, column: content.column, style: line.style, width: content.width)
        }
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

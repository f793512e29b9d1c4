import FlightCard
import TerminalUI
import Testing
@testable import FlightCardTerminal

@Suite("Flight card view")
struct FlightCardViewTests {
    private let card = FlightCardView.ViewModel(
        route: "AMS ➔ SVO",
        departureDay: "Monday, November 23, 2026",
        departure: "10:45 Amsterdam, Schiphol Airport",
        arrivalDay: "Monday, November 23, 2026",
        arrival: "15:55 Moscow, Sheremetyevo Airport",
        airline: "KLM",
        flightNumber: "KL 903",
        duration: "3 hours, 10 minutes"
    )

    private func drawn(_ viewModel: FlightCardView.ViewModel, width: Int, height: Int) -> [String] {
        var canvas = Canvas(size: TerminalSize(rows: height, columns: width))
        FlightCardView(viewModel: viewModel).draw(in: &canvas, at: canvas.bounds)
        return canvas.lines
    }

    @Test("shows exactly the view model's strings, and grows taller where lines wrap")
    func wrapping() {
        let view = FlightCardView(viewModel: card)
        #expect(view.height(forWidth: 40) == 13)
        #expect(view.height(forWidth: 30) == 16)
        #expect(drawn(card, width: 30, height: 16) == [
            "┌─ KLM KL 903 ───────────────┐",
            "│ AMS ➔ SVO                  │",
            "│                            │",
            "│ Departure                  │",
            "│ Monday, November 23, 2026  │",
            "│ 10:45 Amsterdam, Schiphol  │",
            "│ Airport                    │",
            "│                            │",
            "│ Arrival                    │",
            "│ Monday, November 23, 2026  │",
            "│ 15:55 Moscow, Sheremetyevo │",
            "│ Airport                    │",
            "│                            │",
            "│ Flight time: 3 hours, 10   │",
            "│ minutes                    │",
            "└────────────────────────────┘",
        ])
    }

    @Test("given fewer rows, it first gives up the blank lines")
    func compact() {
        let view = FlightCardView(viewModel: card)
        #expect(view.height(forWidth: 40, maxHeight: 12) == 10)
        #expect(view.height(forWidth: 40, maxHeight: 6) == 6)
    }

    @Test("the empty card is a bare border: nothing left over from a previous flight")
    func empty() {
        #expect(FlightCardView(viewModel: .empty).height(forWidth: 20) == 2)
        #expect(drawn(.empty, width: 12, height: 3) == [
            "┌──────────┐",
            "│          │",
            "└──────────┘",
        ])
    }

    @Test("a long airline name is shortened before the flight number, which tells the flights apart")
    func longAirline() {
        var long = card
        long.airline = "Koninklijke Luchtvaart Maatschappij"
        #expect(drawn(long, width: 30, height: 3)[0] == "┌─ Koninklijke Luch… KL 903 ─┐")
        #expect(drawn(long, width: 60, height: 3)[0]
            == "┌─ Koninklijke Luchtvaart Maatschappij KL 903 ─────────────┐")
        #expect(drawn(long, width: 14, height: 3)[0] == "┌─ KL 903 ───┐")
        #expect(drawn(long, width: 10, height: 3)[0] == "┌─ KL… ──┐")
    }
}

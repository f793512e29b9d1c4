import FlightCard
import TerminalUI
import Testing
@testable import FlightCardTerminal

/// The screen as text at several terminal widths. Each literal is the whole screen, row by row.
@Suite("Flights screen snapshots")
struct FlightsScreenSnapshotTests {
    private let sample: FlightListViewModel

    init() throws {
        sample = FlightListViewModel(flights: try FlightListReader.sampleFlights())
    }

    private func screen(_ state: FlightListState, rows: Int, columns: Int) -> [String] {
        FlightsScreenRenderer.render(sample, state: state, size: TerminalSize(rows: rows, columns: columns)).lines
    }

    @Test("the list at 40 columns, third flight selected")
    func list40() {
        #expect(screen(FlightListState(selecting: 2, in: sample), rows: 11, columns: 40) == [
            " Flights (6)",
            "",
            "  KL 903  AMS ➔ SVO  Nov 23, 2026 10:45",
            "  LH 400  FRA ➔ JFK  Nov 24, 2026 10:00",
            "> UA 837  SFO ➔ NRT  Nov 24, 2026 11:15",
            "  BA 431  LHR ➔ AMS  Nov 25, 2026 07:00",
            "  SQ 322  SIN ➔ LHR  Nov 25, 2026 23:35",
            "  QF 7    SYD ➔ DFW  Nov 26, 2026 13:35",
            "",
            "",
            "↑↓/jk Move  ⏎ Show card  q Quit",
        ])
    }

    @Test("the card at 40 columns")
    func card40() {
        #expect(screen(FlightListState(mode: .card, selecting: 5, in: sample), rows: 20, columns: 40) == [
            " Flights (6)",
            "",
            " ┌─ Qantas QF 7 ──────────────────────┐",
            " │ SYD ➔ DFW                          │",
            " │                                    │",
            " │ Departure                          │",
            " │ Thursday, November 26, 2026        │",
            " │ 13:35 Sydney, Kingsford Smith      │",
            " │ Airport                            │",
            " │                                    │",
            " │ Arrival                            │",
            " │ Thursday, November 26, 2026        │",
            " │ 12:55 Dallas, Dallas Fort Worth    │",
            " │ International Airport              │",
            " │                                    │",
            " │ Flight time: 16 hours, 20 minutes  │",
            " └────────────────────────────────────┘",
            "",
            "",
            "q Quit  Esc Back",
        ])
    }

    @Test("the list at 60 columns, third flight selected")
    func list60() {
        #expect(screen(FlightListState(selecting: 2, in: sample), rows: 11, columns: 60) == [
            " Flights (6)",
            "",
            "  KL 903  AMS ➔ SVO                      Nov 23, 2026 10:45",
            "  LH 400  FRA ➔ JFK                      Nov 24, 2026 10:00",
            "> UA 837  SFO ➔ NRT                      Nov 24, 2026 11:15",
            "  BA 431  LHR ➔ AMS                      Nov 25, 2026 07:00",
            "  SQ 322  SIN ➔ LHR                      Nov 25, 2026 23:35",
            "  QF 7    SYD ➔ DFW                      Nov 26, 2026 13:35",
            "",
            "",
            "↑↓/jk Move  ⏎ Show card  q Quit",
        ])
    }

    @Test("the card at 60 columns")
    func card60() {
        #expect(screen(FlightListState(mode: .card, selecting: 5, in: sample), rows: 20, columns: 60) == [
            " Flights (6)",
            "",
            " ┌─ Qantas QF 7 ──────────────────────────────────────────┐",
            " │ SYD ➔ DFW                                              │",
            " │                                                        │",
            " │ Departure                                              │",
            " │ Thursday, November 26, 2026                            │",
            " │ 13:35 Sydney, Kingsford Smith Airport                  │",
            " │                                                        │",
            " │ Arrival                                                │",
            " │ Thursday, November 26, 2026                            │",
            " │ 12:55 Dallas, Dallas Fort Worth International Airport  │",
            " │                                                        │",
            " │ Flight time: 16 hours, 20 minutes                      │",
            " └────────────────────────────────────────────────────────┘",
            "",
            "",
            "",
            "",
            "q Quit  Esc Back",
        ])
    }

    @Test("the list at 100 columns, third flight selected")
    func list100() {
        #expect(screen(FlightListState(selecting: 2, in: sample), rows: 11, columns: 100) == [
            " Flights (6)",
            "",
            "  KL 903  AMS ➔ SVO                                                              Nov 23, 2026 10:45",
            "  LH 400  FRA ➔ JFK                                                              Nov 24, 2026 10:00",
            "> UA 837  SFO ➔ NRT                                                              Nov 24, 2026 11:15",
            "  BA 431  LHR ➔ AMS                                                              Nov 25, 2026 07:00",
            "  SQ 322  SIN ➔ LHR                                                              Nov 25, 2026 23:35",
            "  QF 7    SYD ➔ DFW                                                              Nov 26, 2026 13:35",
            "",
            "",
            "↑↓/jk Move  ⏎ Show card  q Quit",
        ])
    }

    @Test("the card at 100 columns")
    func card100() {
        #expect(screen(FlightListState(mode: .card, selecting: 5, in: sample), rows: 20, columns: 100) == [
            " Flights (6)",
            "",
            "                    ┌─ Qantas QF 7 ────────────────────────────────────────────┐",
            "                    │ SYD ➔ DFW                                                │",
            "                    │                                                          │",
            "                    │ Departure                                                │",
            "                    │ Thursday, November 26, 2026                              │",
            "                    │ 13:35 Sydney, Kingsford Smith Airport                    │",
            "                    │                                                          │",
            "                    │ Arrival                                                  │",
            "                    │ Thursday, November 26, 2026                              │",
            "                    │ 12:55 Dallas, Dallas Fort Worth International Airport    │",
            "                    │                                                          │",
            "                    │ Flight time: 16 hours, 20 minutes                        │",
            "                    └──────────────────────────────────────────────────────────┘",
            "",
            "",
            "",
            "",
            "q Quit  Esc Back",
        ])
    }

    @Test("in a short terminal the card drops the gaps between sections, not the text")
    func shortTerminal() {
        #expect(screen(FlightListState(mode: .card, selecting: 0, in: sample), rows: 14, columns: 40) == [
            " Flights (6)",
            "",
            " ┌─ KLM KL 903 ───────────────────────┐",
            " │ AMS ➔ SVO                          │",
            " │ Departure                          │",
            " │ Monday, November 23, 2026          │",
            " │ 10:45 Amsterdam, Schiphol Airport  │",
            " │ Arrival                            │",
            " │ Monday, November 23, 2026          │",
            " │ 15:55 Moscow, Sheremetyevo Airport │",
            " │ Flight time: 3 hours, 10 minutes   │",
            " └────────────────────────────────────┘",
            "",
            "q Quit  Esc Back",
        ])
    }

    @Test("an empty list says so")
    func emptyList() {
        let canvas = FlightsScreenRenderer.render(
            FlightListViewModel(flights: []), state: FlightListState(), size: TerminalSize(rows: 5, columns: 40)
        )
        #expect(canvas.lines == [
            " Flights (0)",
            "",
            "  No flights in this list",
            "",
            "↑↓/jk Move  ⏎ Show card  q Quit",
        ])
    }
}

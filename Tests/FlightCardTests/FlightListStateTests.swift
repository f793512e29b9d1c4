import Testing
@testable import FlightCard

@Suite("Flight list state")
struct FlightListStateTests {
    let early: Flight
    let late: Flight
    let night: Flight

    init() throws {
        early = try flight()
        late = try flight("KLM", "KL 903", at: "2026-11-24T10:45:00+01:00", at: "2026-11-24T15:55:00+03:00")
        night = try flight("KLM", "KL 905", at: "2026-11-23T23:30:00+01:00", at: "2026-11-24T04:31:00+03:00")
    }

    @Test("a flight number flown on two days is two flights")
    func identity() {
        #expect(early.id == "KL 903 2026-11-23T09:45:00Z")
        #expect(late.id == "KL 903 2026-11-24T09:45:00Z")
        #expect(FlightListViewModel(flights: [early, late]).items.map(\.id) == [early.id, late.id])
    }

    @Test("the selection names a flight: it moves within the list and stops at either end")
    func moving() {
        let list = FlightListViewModel(flights: [early, night, late])
        var state = FlightListState()
        var selected: [String?] = []
        let moves: [(inout FlightListState) -> Void] = [
            { $0.selectionMoved(by: 1, in: list) },
            { $0.selectionMoved(by: 5, in: list) },
            { $0.selectionMovedToStart(in: list) },
            { $0.selectionMovedToEnd(in: list) },
            { $0.selectionMoved(by: -1, in: list) },
            { $0.flightSelected(id: early.id, in: list) },
            { $0.flightSelected(id: "XX 1 2026-01-01T00:00:00Z", in: list) },
        ]
        for move in moves {
            move(&state)
            selected.append(state.selectedFlightID)
        }
        #expect(selected == [night.id, late.id, early.id, late.id, night.id, early.id, early.id])
    }

    @Test("the selected flight is found wherever the list holds it, and its card opens")
    func sameFlightInAnotherList() {
        var state = FlightListState(selectedFlightID: night.id)
        let reordered = FlightListViewModel(flights: [late, early, night])

        #expect(state.selectedIndex(in: reordered) == 2)
        #expect(state.openCard(in: reordered) == nil)
        state.openTapped(in: reordered)
        #expect(state.openCard(in: reordered) == FlightCardViewModel(flight: night))
        state.backTapped()
        #expect(state.mode == .list)
        #expect(FlightListState(selectedFlightID: "gone").selectedIndex(in: reordered) == 0)
    }

    @Test("without flights nothing is selected and no card opens")
    func noFlights() {
        let empty = FlightListViewModel(flights: [])
        var state = FlightListState()
        state.selectionMoved(by: 1, in: empty)
        state.openTapped(in: empty)
        #expect(state == FlightListState())
        #expect(state.selectedIndex(in: empty) == nil)
    }
}

import Testing
@testable import FlightCard

@Suite("Flight list view model")
struct FlightListViewModelTests {
    @Test("a title with the count, and for each flight, in order, its row and its card")
    func items() throws {
        let first = try flight()
        let second = try flight("KLM", "KL 905", at: "2026-11-23T23:30:00+01:00", at: "2026-11-24T04:31:00+03:00")
        let list = FlightListViewModel(flights: [first, second])
        #expect(list.title == "Flights (2)")
        #expect(list.items == [
            .init(id: "KL 903 2026-11-23T09:45:00Z", row: FlightRowViewModel(flight: first), card: FlightCardViewModel(flight: first)),
            .init(id: "KL 905 2026-11-23T22:30:00Z", row: FlightRowViewModel(flight: second), card: FlightCardViewModel(flight: second)),
        ])
        #expect(list.items.map(\.row.flightNumber) == ["KL 903", "KL 905"])
    }

    @Test("no flights: a zero count and a message for the empty list")
    func empty() {
        let list = FlightListViewModel(flights: [])
        #expect(list.title == "Flights (0)")
        #expect(list.items.isEmpty)
        #expect(list.emptyMessage == "No flights in this list")
    }
}

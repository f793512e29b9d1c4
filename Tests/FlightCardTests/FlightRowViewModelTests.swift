import Testing
@testable import FlightCard

@Suite("Flight list row")
struct FlightRowViewModelTests {
    @Test("number, route and the departure at the departure airport")
    func row() throws {
        #expect(FlightRowViewModel(flight: try flight()) == FlightRowViewModel(
            flightNumber: "KL 903", route: "AMS ➔ SVO", departure: "Nov 23, 2026 10:45"
        ))
    }

    @Test("the departure day is the local one, even when it is another day in UTC")
    func localDay() throws {
        let row = FlightRowViewModel(flight: try flight(
            "Qantas", "QF 7",
            from: Airports.sydney, at: "2026-11-26T08:00:00+11:00",
            to: Airports.dallas, at: "2026-11-26T12:55:00-06:00"
        ))
        #expect(row.departure == "Nov 26, 2026 08:00")
    }
}

import Foundation
import Testing
@testable import FlightCard

@Suite("Flight card view model")
struct FlightCardViewModelTests {
    @Test("every string of the card, as the seed's design shows it")
    func card() throws {
        #expect(FlightCardViewModel(flight: try flight()) == FlightCardViewModel(
            route: "AMS ➔ SVO",
            departureDay: "Monday, November 23, 2026",
            departure: "10:45 Amsterdam, Schiphol Airport",
            arrivalDay: "Monday, November 23, 2026",
            arrival: "15:55 Moscow, Sheremetyevo Airport",
            airline: "KLM",
            flightNumber: "KL 903",
            duration: "3 hours, 10 minutes"
        ))
    }

    @Test("a night flight arrives on the next day")
    func acrossMidnight() throws {
        let card = FlightCardViewModel(flight: try flight(
            "KLM", "KL 905", at: "2026-11-23T23:30:00+01:00", at: "2026-11-24T04:31:00+03:00"
        ))
        #expect(card.departureDay == "Monday, November 23, 2026")
        #expect(card.departure == "23:30 Amsterdam, Schiphol Airport")
        #expect(card.arrivalDay == "Tuesday, November 24, 2026")
        #expect(card.arrival == "04:31 Moscow, Sheremetyevo Airport")
        #expect(card.duration == "3 hours, 1 minute")
    }

    @Test("across the date line eastbound, the card arrives on the day it left, at an earlier hour")
    func acrossTheDateLine() throws {
        let card = FlightCardViewModel(flight: try flight(
            "Qantas", "QF 7",
            from: Airports.sydney, at: "2026-11-26T13:35:00+11:00",
            to: Airports.dallas, at: "2026-11-26T12:55:00-06:00"
        ))
        #expect(card == FlightCardViewModel(
            route: "SYD ➔ DFW",
            departureDay: "Thursday, November 26, 2026",
            departure: "13:35 Sydney, Kingsford Smith Airport",
            arrivalDay: "Thursday, November 26, 2026",
            arrival: "12:55 Dallas, Dallas Fort Worth International Airport",
            airline: "Qantas",
            flightNumber: "QF 7",
            duration: "16 hours, 20 minutes"
        ))
    }

    @Test("the same flight reads the same whatever zone the dates were written in")
    func writtenOffsetDoesNotMatter() throws {
        let local = try flight(at: "2026-11-23T10:45:00+01:00", at: "2026-11-23T15:55:00+03:00")
        let utc = try flight(at: "2026-11-23T09:45:00Z", at: "2026-11-23T07:55:00-05:00")
        #expect(FlightCardViewModel(flight: local) == FlightCardViewModel(flight: utc))
    }

    @Test("the empty card has nothing to show, and a real card is not empty")
    func empty() throws {
        let empty = FlightCardViewModel.empty
        let texts = [empty.route, empty.departureDay, empty.departure, empty.arrivalDay, empty.arrival,
                     empty.airline, empty.flightNumber, empty.duration]
        #expect(texts == Array(repeating: "", count: 8))
        #expect(empty.isEmpty)
        #expect(!FlightCardViewModel(flight: try flight()).isEmpty)
    }
}

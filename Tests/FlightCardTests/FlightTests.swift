import Foundation
import Testing
@testable import FlightCard

@Suite("Flight")
struct FlightTests {
    @Test("duration is measured between instants, not between local clock readings")
    func durationAcrossZones() throws {
        // 10:45 in Amsterdam to 15:55 in Moscow reads as 5 h 10 on the clocks, but is 3 h 10 in the air.
        #expect(try flight().duration == 190 * 60)
    }

    @Test("a flight that lands at an earlier local time than it left still has a positive duration")
    func landsBeforeItLeftOnTheClock() throws {
        let qantas = try flight(
            "Qantas", "QF 7",
            from: Airports.sydney, at: "2026-11-26T13:35:00+11:00",
            to: Airports.dallas, at: "2026-11-26T12:55:00-06:00"
        )
        #expect(qantas.duration == (16 * 60 + 20) * 60)
    }

    @Test("arriving before departing is refused")
    func arrivalBeforeDeparture() {
        #expect(throws: Flight.ArrivalBeforeDeparture(
            departure: date("2026-11-23T10:45:00+01:00"), arrival: date("2026-11-23T10:44:00+01:00")
        )) {
            try flight(at: "2026-11-23T10:45:00+01:00", to: Airports.amsterdam, at: "2026-11-23T10:44:00+01:00")
        }
    }

    @Test("arriving at the instant of departure is allowed and lasts zero")
    func zeroDuration() throws {
        let instant = try flight(at: "2026-11-23T10:45:00+01:00", at: "2026-11-23T12:45:00+03:00")
        #expect(instant.duration == 0)
    }
}

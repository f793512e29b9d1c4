import Foundation
@testable import FlightCard

enum Airports {
    static let amsterdam = Airport(symbol: "AMS", name: "Schiphol", city: "Amsterdam", timeZone: zone("Europe/Amsterdam"))
    static let moscow = Airport(symbol: "SVO", name: "Sheremetyevo", city: "Moscow", timeZone: zone("Europe/Moscow"))
    static let sydney = Airport(symbol: "SYD", name: "Kingsford Smith", city: "Sydney", timeZone: zone("Australia/Sydney"))
    static let dallas = Airport(symbol: "DFW", name: "Dallas Fort Worth International", city: "Dallas", timeZone: zone("America/Chicago"))
    static let london = Airport(symbol: "LHR", name: "Heathrow", city: "London", timeZone: zone("Europe/London"))

    private static func zone(_ identifier: String) -> TimeZone {
        guard let zone = TimeZone(identifier: identifier) else { fatalError("test fixture: unknown zone \(identifier)") }
        return zone
    }
}

/// A date from an ISO 8601 text with an offset, as the flight files write them.
func date(_ text: String) -> Date {
    guard let date = ISO8601Timestamp.date(from: text) else { fatalError("test fixture: bad date \(text)") }
    return date
}

func flight(
    _ airline: String = "KLM", _ number: String = "KL 903",
    from origin: Airport = Airports.amsterdam, at departure: String = "2026-11-23T10:45:00+01:00",
    to destination: Airport = Airports.moscow, at arrival: String = "2026-11-23T15:55:00+03:00"
) throws -> Flight {
    try Flight(
        airline: airline, number: number,
        departure: Endpoint(date: date(departure), airport: origin),
        arrival: Endpoint(date: date(arrival), airport: destination)
    )
}

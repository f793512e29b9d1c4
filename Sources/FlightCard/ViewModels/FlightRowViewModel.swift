/// One line of the flight list, as display strings: "KL 903", "AMS ➔ SVO", "Nov 23, 2026 10:45".
public struct FlightRowViewModel: Hashable, Sendable {
    public var flightNumber: String
    public var route: String
    public var departure: String

    public init(flightNumber: String, route: String, departure: String) {
        self.flightNumber = flightNumber
        self.route = route
        self.departure = departure
    }
}

extension FlightRowViewModel {
    /// The departure is given as the day and time at the departure airport.
    public init(flight: Flight, format: FlightDisplayFormat = .stable) {
        let departure = flight.departure
        let zone = departure.airport.timeZone
        self.init(
            flightNumber: flight.number,
            route: flight.route,
            departure: "\(format.shortDay(of: departure.date, in: zone)) \(format.time(of: departure.date, in: zone))"
        )
    }
}

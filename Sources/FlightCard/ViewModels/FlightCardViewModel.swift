/// Everything the flight card shows, as final display strings.
///
/// An inert value: it holds no model, does no work and tells no one anything.
/// A view receives one and puts the strings where they belong.
public struct FlightCardViewModel: Hashable, Sendable {
    public var route: String
    public var departureDay: String
    public var departure: String
    public var arrivalDay: String
    public var arrival: String
    public var airline: String
    public var flightNumber: String
    public var duration: String

    public init(
        route: String, departureDay: String, departure: String,
        arrivalDay: String, arrival: String,
        airline: String, flightNumber: String, duration: String
    ) {
        self.route = route
        self.departureDay = departureDay
        self.departure = departure
        self.arrivalDay = arrivalDay
        self.arrival = arrival
        self.airline = airline
        self.flightNumber = flightNumber
        self.duration = duration
    }
}

// In an extension, so the memberwise initializer above stays for tests and other sources.
extension FlightCardViewModel {
    public init(flight: Flight, format: FlightDisplayFormat = .stable) {
        self.init(
            route: flight.route,
            departureDay: flight.departure.day(in: format),
            departure: flight.departure.timeAndPlace(in: format),
            arrivalDay: flight.arrival.day(in: format),
            arrival: flight.arrival.timeAndPlace(in: format),
            airline: flight.airline,
            flightNumber: flight.number,
            duration: format.duration(flight.duration)
        )
    }

    /// A card with nothing on it, to reset a view.
    public static let empty = FlightCardViewModel(
        route: "", departureDay: "", departure: "", arrivalDay: "", arrival: "",
        airline: "", flightNumber: "", duration: ""
    )

    public var isEmpty: Bool { self == .empty }
}

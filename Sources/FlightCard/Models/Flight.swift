import Foundation

/// A scheduled flight. A flight never arrives before it departs: the initializer refuses that.
public struct Flight: Hashable, Sendable {
    public let airline: String
    public let number: String
    public let departure: Endpoint
    public let arrival: Endpoint

    /// Thrown when a flight would arrive before it departs.
    public struct ArrivalBeforeDeparture: Error, Equatable {
        public let departure: Date
        public let arrival: Date
    }

    public init(airline: String, number: String, departure: Endpoint, arrival: Endpoint) throws(ArrivalBeforeDeparture) {
        guard arrival.date >= departure.date else {
            throw ArrivalBeforeDeparture(departure: departure.date, arrival: arrival.date)
        }
        self.airline = airline
        self.number = number
        self.departure = departure
        self.arrival = arrival
    }

    /// Time in the air, measured between the two instants, so the airports' zones never skew it.
    public var duration: TimeInterval {
        arrival.date.timeIntervalSince(departure.date)
    }
}

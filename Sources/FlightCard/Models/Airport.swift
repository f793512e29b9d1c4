import Foundation

/// An airport a flight departs from or arrives at.
public struct Airport: Hashable, Sendable {
    /// The IATA code, e.g. "AMS".
    public var symbol: String
    /// The airport's own name without the word "Airport", e.g. "Schiphol".
    public var name: String
    public var city: String
    /// The zone of the airport's local time (IANA, e.g. "Europe/Amsterdam").
    public var timeZone: TimeZone

    public init(symbol: String, name: String, city: String, timeZone: TimeZone) {
        self.symbol = symbol
        self.name = name
        self.city = city
        self.timeZone = timeZone
    }
}

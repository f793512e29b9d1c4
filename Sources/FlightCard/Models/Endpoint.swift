import Foundation

/// One end of a flight: the instant it leaves or arrives, and where.
public struct Endpoint: Hashable, Sendable {
    public var date: Date
    public var airport: Airport

    public init(date: Date, airport: Airport) {
        self.date = date
        self.airport = airport
    }
}

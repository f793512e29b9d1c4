import Foundation

// Display texts of the view-model layer; the model types themselves know nothing of them.
extension Endpoint {
    /// "10:45 Amsterdam, Schiphol Airport", in the airport's local time.
    func timeAndPlace(in format: FlightDisplayFormat) -> String {
        "\(format.time(of: date, in: airport.timeZone)) \(airport.city), \(airport.name) Airport"
    }

    /// The day at the airport, which may differ from the day at the other end.
    func day(in format: FlightDisplayFormat) -> String {
        format.day(of: date, in: airport.timeZone)
    }
}

extension Flight {
    /// "AMS ➔ SVO".
    var route: String {
        "\(departure.airport.symbol) ➔ \(arrival.airport.symbol)"
    }
}

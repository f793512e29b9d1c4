import Foundation

extension Flight: Identifiable {
    /// "KL 903 2026-11-23T09:45:00Z": a flight number names a route flown every day, so the
    /// departure instant tells one flight from another.
    public var id: String {
        "\(number) \(departure.date.ISO8601Format())"
    }
}

import Foundation

extension FlightDisplayFormat {
    /// A flight time in words: "3 hours, 10 minutes", "1 hour, 1 minute", "25 hours", "0 minutes".
    ///
    /// Whole minutes only (seconds are dropped); hours are not folded into days;
    /// a part that is zero is left out unless the whole duration is zero.
    public func duration(_ interval: TimeInterval) -> String {
        let totalMinutes = Self.wholeMinutes(in: interval)
        let hours = totalMinutes / 60
        let minutes = totalMinutes % 60
        var parts: [String] = []
        if hours > 0 { parts.append(Self.count(hours, "hour", "hours")) }
        if minutes > 0 || hours == 0 { parts.append(Self.count(minutes, "minute", "minutes")) }
        return parts.joined(separator: ", ")
    }

    /// Negative and non-finite intervals count as zero rather than trapping.
    private static func wholeMinutes(in interval: TimeInterval) -> Int {
        let minutes = (interval / 60).rounded(.towardZero)
        guard minutes.isFinite, minutes > 0 else { return 0 }
        return Int(exactly: minutes) ?? Int.max / 2
    }

    private static func count(_ value: Int, _ singular: String, _ plural: String) -> String {
        "\(value) \(value == 1 ? singular : plural)"
    }
}

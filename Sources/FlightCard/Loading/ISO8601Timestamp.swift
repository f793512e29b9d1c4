import Foundation

/// A strict reader for "2026-11-23T10:45:00+01:00" (seconds optional, `Z` for UTC).
///
/// Foundation's own ISO 8601 parser rolls impossible dates over (February 30 becomes March 2)
/// and a schedule must not silently move a flight, so every field is range-checked here.
enum ISO8601Timestamp {
    static func date(from text: String) -> Date? {
        let pattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:(Z)|([+-])(\d{2}):(\d{2}))$/
        guard let match = text.wholeMatch(of: pattern) else { return nil }
        let output = match.output
        guard let offset = offsetSeconds(isUTC: output.7 != nil, sign: output.8, hours: output.9, minutes: output.10),
              let zone = TimeZone(secondsFromGMT: offset)
        else { return nil }

        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(
            calendar: calendar, timeZone: zone,
            year: Int(output.1), month: Int(output.2), day: Int(output.3),
            hour: Int(output.4), minute: Int(output.5), second: output.6.flatMap { Int($0) } ?? 0
        )
        guard let hour = components.hour, hour < 24,
              let minute = components.minute, minute < 60,
              let second = components.second, second < 60,
              components.isValidDate(in: calendar)
        else { return nil }
        return calendar.date(from: components)
    }

    private static func offsetSeconds(isUTC: Bool, sign: Substring?, hours: Substring?, minutes: Substring?) -> Int? {
        if isUTC { return 0 }
        guard let sign, let hours = hours.flatMap({ Int($0) }), let minutes = minutes.flatMap({ Int($0) }),
              hours <= 18, minutes < 60
        else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}

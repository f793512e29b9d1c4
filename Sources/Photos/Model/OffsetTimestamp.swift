import Foundation

/// An ISO 8601 timestamp that remembers the UTC offset it was written with,
/// so a day can be shown as the writer's clock showed it.
struct OffsetTimestamp: Equatable {
    let date: Date
    let timeZone: TimeZone

    /// Accepts `2017-10-01T10:23:31-04:00`, `…+0530`, `…Z`, with or without fractional
    /// seconds. A timestamp without an offset is rejected: its instant would be a guess.
    init?(iso8601 text: String) {
        guard let offset = Self.utcOffsetSeconds(of: text),
              let timeZone = TimeZone(secondsFromGMT: offset),
              let date = try? Date.ISO8601FormatStyle().parse(text)
        else { return nil }
        self.date = date
        self.timeZone = timeZone
    }

    private static func utcOffsetSeconds(of text: String) -> Int? {
        if text.hasSuffix("Z") { return 0 }
        guard let match = text.firstMatch(of: /T.*(?<sign>[+-])(?<hours>\d\d):?(?<minutes>\d\d)$/),
              let hours = Int(match.hours), hours < 24,
              let minutes = Int(match.minutes), minutes < 60
        else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return match.sign == "-" ? -seconds : seconds
    }
}

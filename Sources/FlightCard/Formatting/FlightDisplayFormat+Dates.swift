import Foundation

extension FlightDisplayFormat {
    /// The day in full, as the airport's local calendar has it: "Monday, November 23, 2026".
    public func day(of date: Date, in timeZone: TimeZone) -> String {
        date.formatted(Date.FormatStyle(
            date: .complete, time: .omitted,
            locale: locale, calendar: calendar(in: timeZone), timeZone: timeZone
        ))
    }

    /// The short day for list rows: "Nov 23, 2026".
    public func shortDay(of date: Date, in timeZone: TimeZone) -> String {
        date.formatted(Date.FormatStyle(
            date: .abbreviated, time: .omitted,
            locale: locale, calendar: calendar(in: timeZone), timeZone: timeZone
        ))
    }

    /// The local 24-hour clock time, always "HH:mm" as flight schedules print it.
    public func time(of date: Date, in timeZone: TimeZone) -> String {
        date.formatted(Date.VerbatimFormatStyle(
            format: "\(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits)",
            timeZone: timeZone, calendar: calendar(in: timeZone)
        ))
    }

    private func calendar(in timeZone: TimeZone) -> Calendar {
        var calendar = calendar
        calendar.timeZone = timeZone
        return calendar
    }
}

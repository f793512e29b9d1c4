import Foundation

/// The locale and calendar that flight texts are written in.
///
/// Passed in explicitly so the same flight reads the same in every test run (`.stable`),
/// while an app may show it in the user's own conventions (`.current`).
/// Each date is shown in the local time of the airport it belongs to, never the reader's.
public struct FlightDisplayFormat: Sendable {
    public var locale: Locale
    public var calendar: Calendar

    public init(locale: Locale, calendar: Calendar) {
        self.locale = locale
        self.calendar = calendar
    }

    /// US English, Gregorian calendar: output that does not depend on the machine.
    public static let stable = FlightDisplayFormat(
        locale: Locale(identifier: "en_US_POSIX"),
        calendar: Calendar(identifier: .gregorian)
    )

    /// The reader's own locale and calendar.
    public static var current: FlightDisplayFormat {
        FlightDisplayFormat(locale: .current, calendar: .current)
    }
}

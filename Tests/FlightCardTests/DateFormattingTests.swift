import Foundation
import Testing
@testable import FlightCard

@Suite("Days and times at each airport")
struct DateFormattingTests {
    private let format = FlightDisplayFormat.stable

    @Test("one instant reads as each airport's local day and time")
    func localTimes() {
        let instant = date("2026-11-23T22:30:00Z")
        #expect(format.time(of: instant, in: Airports.london.timeZone) == "22:30")
        #expect(format.day(of: instant, in: Airports.london.timeZone) == "Monday, November 23, 2026")
        #expect(format.time(of: instant, in: Airports.amsterdam.timeZone) == "23:30")
        #expect(format.day(of: instant, in: Airports.amsterdam.timeZone) == "Monday, November 23, 2026")
        #expect(format.time(of: instant, in: Airports.moscow.timeZone) == "01:30")
        #expect(format.day(of: instant, in: Airports.moscow.timeZone) == "Tuesday, November 24, 2026")
        #expect(format.time(of: instant, in: Airports.sydney.timeZone) == "09:30")
        #expect(format.day(of: instant, in: Airports.sydney.timeZone) == "Tuesday, November 24, 2026")
        #expect(format.time(of: instant, in: Airports.dallas.timeZone) == "16:30")
        #expect(format.day(of: instant, in: Airports.dallas.timeZone) == "Monday, November 23, 2026")
    }

    @Test("the day turns at local midnight, not at UTC midnight")
    func dayBoundary() {
        let zone = Airports.amsterdam.timeZone
        #expect(format.time(of: date("2026-11-23T23:59:00+01:00"), in: zone) == "23:59")
        #expect(format.day(of: date("2026-11-23T23:59:00+01:00"), in: zone) == "Monday, November 23, 2026")
        #expect(format.time(of: date("2026-11-24T00:00:00+01:00"), in: zone) == "00:00")
        #expect(format.day(of: date("2026-11-24T00:00:00+01:00"), in: zone) == "Tuesday, November 24, 2026")
    }

    @Test("summer time is the airport's own: Amsterdam is UTC+2 in July")
    func daylightSaving() {
        let summer = date("2026-07-01T12:00:00Z")
        #expect(format.time(of: summer, in: Airports.amsterdam.timeZone) == "14:00")
        #expect(format.time(of: summer, in: Airports.sydney.timeZone) == "22:00")
    }

    @Test("times are 24-hour HH:mm whatever the locale")
    func twentyFourHourClock() {
        let american = FlightDisplayFormat(locale: Locale(identifier: "en_US"), calendar: Calendar(identifier: .gregorian))
        #expect(american.time(of: date("2026-11-23T07:05:00Z"), in: Airports.london.timeZone) == "07:05")
        #expect(american.time(of: date("2026-11-23T19:05:00Z"), in: Airports.london.timeZone) == "19:05")
    }

    @Test("the day is written in the locale it is given")
    func givenLocale() {
        let german = FlightDisplayFormat(locale: Locale(identifier: "de_DE"), calendar: Calendar(identifier: .gregorian))
        #expect(german.day(of: date("2026-11-23T10:00:00Z"), in: Airports.amsterdam.timeZone) == "Montag, 23. November 2026")
    }

    @Test("the short day for list rows")
    func shortDay() {
        #expect(format.shortDay(of: date("2026-11-23T22:30:00Z"), in: Airports.moscow.timeZone) == "Nov 24, 2026")
    }
}

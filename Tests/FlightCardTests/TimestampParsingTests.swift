import Foundation
import Testing
@testable import FlightCard

@Suite("Reading ISO 8601 dates with offsets")
struct TimestampParsingTests {
    @Test("offsets and Z name the same instant", arguments: [
        "2026-11-23T10:45:00+01:00", "2026-11-23T09:45:00Z", "2026-11-23T12:45:00+03:00",
        "2026-11-23T04:45:00-05:00", "2026-11-23T15:30:00+05:45", "2026-11-23T10:45+01:00",
    ])
    func sameInstant(text: String) {
        #expect(ISO8601Timestamp.date(from: text) == Date(timeIntervalSince1970: 1_795_427_100))
    }

    @Test("impossible, ambiguous or malformed texts are refused", arguments: [
        "2026-02-30T10:00:00+01:00", // no February 30
        "2026-13-01T10:00:00+01:00",
        "2026-11-23T24:00:00+01:00",
        "2026-11-23T10:60:00+01:00",
        "2026-11-23T10:00:60+01:00",
        "2026-11-23T10:00:00", // no offset: whose ten o'clock?
        "2026-11-23 10:00:00+01:00",
        "2026-11-23T10:00:00+1:00",
        "2026-11-23T10:00:00+19:00",
        "23/11/2026 10:00",
        "",
    ])
    func refused(text: String) {
        #expect(ISO8601Timestamp.date(from: text) == nil)
    }

    @Test("a leap day exists in a leap year")
    func leapDay() {
        #expect(ISO8601Timestamp.date(from: "2028-02-29T10:00:00Z") != nil)
        #expect(ISO8601Timestamp.date(from: "2026-02-29T10:00:00Z") == nil)
    }
}

import Foundation
import Testing
@testable import Photos

@Suite("ISO 8601 timestamps with an offset")
struct OffsetTimestampTests {
    @Test(arguments: [
        ("2017-10-01T10:23:31-04:00", 1_506_867_811.0, -4 * 3600),
        ("2017-10-01T14:23:31Z", 1_506_867_811.0, 0),
        ("2017-10-01T19:53:31+05:30", 1_506_867_811.0, 19_800),
        ("2017-10-01T16:23:31+0200", 1_506_867_811.0, 7200),
        ("2017-10-01T14:23:31.250Z", 1_506_867_811.25, 0),
    ])
    func keepsTheInstantAndTheOffset(text: String, secondsSince1970: Double, offset: Int) throws {
        let timestamp = try #require(OffsetTimestamp(iso8601: text))

        #expect(timestamp.date == Date(timeIntervalSince1970: secondsSince1970))
        #expect(timestamp.timeZone.secondsFromGMT() == offset)
    }

    @Test(arguments: ["", "2017-10-01", "2017-10-01T10:23:31", "10:23:31-04:00", "2017-10-01T10:23:31-25:00", "not a date"])
    func rejectsTextWithoutADateTimeAndOffset(_ text: String) {
        #expect(OffsetTimestamp(iso8601: text) == nil)
    }
}

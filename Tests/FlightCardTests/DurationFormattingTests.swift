import Foundation
import Testing
@testable import FlightCard

@Suite("Flight duration in words")
struct DurationFormattingTests {
    private let format = FlightDisplayFormat.stable

    @Test("whole hours and minutes, singular and plural, zero parts left out", arguments: [
        (0, "0 minutes"),
        (1 * 60, "1 minute"),
        (2 * 60, "2 minutes"),
        (59 * 60, "59 minutes"),
        (60 * 60, "1 hour"),
        (61 * 60, "1 hour, 1 minute"),
        (122 * 60, "2 hours, 2 minutes"),
        (190 * 60, "3 hours, 10 minutes"),
        (25 * 3600, "25 hours"),
        (25 * 3600 + 59 * 60, "25 hours, 59 minutes"),
    ])
    func wording(seconds: Int, expected: String) {
        #expect(format.duration(TimeInterval(seconds)) == expected)
    }

    @Test("seconds are dropped, never rounded up into the next minute")
    func secondsAreDropped() {
        #expect(format.duration(59) == "0 minutes")
        #expect(format.duration(59 * 60 + 59) == "59 minutes")
        #expect(format.duration(3600 - 0.5) == "59 minutes")
    }

    @Test("nonsense intervals read as zero instead of trapping")
    func nonsenseIntervals() {
        #expect(format.duration(-90) == "0 minutes")
        #expect(format.duration(.nan) == "0 minutes")
        #expect(format.duration(-.infinity) == "0 minutes")
        #expect(format.duration(.infinity) == "0 minutes")
        #expect(format.duration(1e300).contains(" hours"))
    }
}

import Foundation

extension Photo {
    /// "camera - description" on one line, leaving out whichever is missing or blank.
    var descriptionLine: String {
        [camera.trimmedNonEmpty, descriptionText.trimmedNonEmpty]
            .compactMap { $0?.collapsingWhitespace }
            .joined(separator: " - ")
    }

    /// The description as text: HTML tags dropped, character references decoded.
    var descriptionText: String? {
        description.map(HTMLText.plainText)
    }

    /// "yyyy-MM-dd" in the picture's own UTC offset: the day on the photographer's calendar,
    /// the same day the catalog's `created_at` text starts with.
    var dayText: String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = creationTimeZone
        let day = calendar.dateComponents([.year, .month, .day], from: createdAt)
        return String(format: "%04d-%02d-%02d", day.year ?? 0, day.month ?? 0, day.day ?? 0)
    }
}

extension Optional<String> {
    /// The text without surrounding whitespace, or nil when nothing is left.
    var trimmedNonEmpty: String? {
        guard let trimmed = self?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }
}

extension String {
    /// Line breaks and runs of spaces become one space, so the text fits a single line.
    var collapsingWhitespace: String {
        split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

import FriendsAPI

extension VCard {
    /// `BDAY` as `1815-12-10`, or `--12-10` without a year (also from Apple's
    /// `X-APPLE-OMIT-YEAR`, from the year 1604 it stands for, which some iOS versions write
    /// without the parameter, and from the year 0000 other programs write); empty when absent or
    /// not a date. `BirthdayText` says which forms are read.
    var birthday: String {
        guard let property = first("BDAY") else { return "" }
        var text = Substring(property.text.trimmingSpaces)
        if let time = text.firstIndex(of: "T") { text = text[..<time] }
        guard let date = BirthdayText.date(in: text) else { return "" }
        let twoDigits = BirthdayText.twoDigits
        var year = ""
        if let written = date.year, written != "1604", written != "0000",
           !property.parameterValues("X-APPLE-OMIT-YEAR").contains(String(written)) {
            year = String(written)
        }
        let result = (year.isEmpty ? "-" : year) + "-" + twoDigits(date.month) + "-" + twoDigits(date.day)
        return FriendValidation.isBirthday(result) ? result : ""
    }
}

/// The forms a birthday is written in: ISO 8601 (`1815-12-10`, `18151210`, `--12-10`, `--1210`),
/// also with a one-digit month or day as some programs write it (`1985-4-2`); the day, month and
/// year with dots that German exports and Outlook write (`20.04.1985`, `2.4.1985`); and the year
/// first with any other separator (`1985/04/20`). With slashes or dashes and the year last, the
/// order of day and month differs from country to country: such a date is read only when it reads
/// the same either way or only one way makes a date (`04/20/1985`, `20/04/1985`, not `04/05/1985`).
enum BirthdayText {
    /// The year (`nil` without one), month and day as written; `nil` for no form above. The
    /// numbers are not checked to make a date.
    static func date(in text: Substring) -> (year: Substring?, month: Substring, day: Substring)? {
        if text.hasPrefix("--") {
            let rest = text.dropFirst(2)
            if rest.count == 4, rest.allSatisfy(\.isASCIIDigitCharacter) { return (nil, rest.prefix(2), rest.suffix(2)) }
            let parts = rest.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy(isDayOrMonth) else { return nil }
            return (nil, parts[0], parts[1])
        }
        if text.count == 8, text.allSatisfy(\.isASCIIDigitCharacter) { return (text.prefix(4), text.dropFirst(4).prefix(2), text.suffix(2)) }
        let separators = text.filter { !$0.isASCIIDigitCharacter }
        let parts = text.split(omittingEmptySubsequences: false) { !$0.isASCIIDigitCharacter }
        guard parts.count == 3, separators.count == 2, let separator = separators.first, separators.last == separator else { return nil }
        if parts[0].count == 4, isDayOrMonth(parts[1]), isDayOrMonth(parts[2]) { return (parts[0], parts[1], parts[2]) }
        guard parts[2].count == 4, isDayOrMonth(parts[0]), isDayOrMonth(parts[1]),
              let first = Int(parts[0]), let second = Int(parts[1]) else { return nil }
        if separator == "." || first > 12 { return (parts[2], parts[1], parts[0]) }
        if second > 12 || first == second { return (parts[2], parts[0], parts[1]) }
        return nil
    }

    /// A month or day of one digit with its leading zero (`4` as `04`).
    static func twoDigits(_ number: Substring) -> String {
        String(repeating: "0", count: max(0, 2 - number.count)) + number
    }

    private static func isDayOrMonth(_ text: Substring) -> Bool {
        (1...2).contains(text.count) && text.allSatisfy(\.isASCIIDigitCharacter)
    }
}

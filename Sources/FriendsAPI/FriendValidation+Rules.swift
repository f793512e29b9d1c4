import Foundation

extension FriendValidation {
    /// Empty, or printable text with at least one digit: cards hold service codes (`*155*181#`),
    /// extensions (`+1 555 0100 ext. 12`) and letters (`1-800-FLOWERS`). Length is checked apart.
    public static func isPlausiblePhoneNumber(_ value: String) -> Bool {
        if value.isEmpty { return true }
        return !value.unicodeScalars.contains(where: isControl) && value.unicodeScalars.contains(where: isASCIIDigit)
    }

    /// Empty, `YYYY-MM-DD` or `--MM-DD` (no year), months 01–12 and days 01–31, as the OpenAPI pattern says.
    public static func isBirthday(_ value: String) -> Bool {
        if value.isEmpty { return true }
        let parts = value.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        let (year, month, day): (String?, String, String)
        switch parts.count {
        case 3: (year, month, day) = (parts[0], parts[1], parts[2])
        case 4 where parts[0].isEmpty && parts[1].isEmpty: (year, month, day) = (nil, parts[2], parts[3])
        default: return false
        }
        let allDigits = { (text: String, count: Int) in text.count == count && text.unicodeScalars.allSatisfy(isASCIIDigit) }
        guard year.map({ allDigits($0, 4) }) ?? true, allDigits(month, 2), allDigits(day, 2),
              let monthNumber = Int(month), let dayNumber = Int(day)
        else { return false }
        guard (1...12).contains(monthNumber) else { return false }
        // A day the month has: 30 February is no date a calendar (or `DateFormatter`) can read.
        let daysInMonth = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        var lastDay = daysInMonth[monthNumber - 1]
        if monthNumber == 2, let yearNumber = year.flatMap({ Int($0) }), !isLeapYear(yearNumber) { lastDay = 28 }
        return (1...lastDay).contains(dayNumber)
    }

    private static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Empty, or one `@` between a non-empty local part and a dotted domain, without spaces.
    /// Judged code point by code point, as the OpenAPI document's pattern is.
    public static func isPlausibleEmail(_ value: String) -> Bool {
        if value.isEmpty { return true }
        let scalars = Array(value.unicodeScalars)
        guard !scalars.contains(where: { isControl($0) || $0.properties.isWhitespace }) else {
            return false
        }
        let parts = scalars.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty && $0.first != "-" && $0.last != "-" }
    }

    /// Control characters, line separators and bidirectional overrides: never part of a name.
    /// Nor are U+FFFE and U+FFFF, which no text holds and XML (CardDAV's answers) cannot carry.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .surrogate:
            return true
        default:
            return isBidirectionalOverride(scalar) || scalar.value == 0xFFFE || scalar.value == 0xFFFF
        }
    }

    /// Free text may hold line breaks and tabs, nothing else of the control kind.
    static func isForbiddenInText(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\n" || scalar == "\r" || scalar == "\t" { return false }
        return isControl(scalar)
    }

    private static func isBidirectionalOverride(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    private static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }
}

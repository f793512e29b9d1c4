import Foundation

/// A card's birthday as people write it: "10 December 1815", or "10 December" when the card
/// gives no year. The month names are English and fixed, so both view families (and their
/// snapshots) show the same text on every machine.
enum BirthdayText {
    static let months = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    /// Reads `1815-12-10`, `18151210`, `--12-10` and `--1210` (vCard 3.0 and 4.0); a date with a
    /// time (`1815-12-10T00:00:00Z`) shows its date. Text that is none of these shows as it is.
    static func readable(_ birthday: String) -> String {
        let text = birthday.trimmingCharacters(in: .whitespaces)
        let date = text.split(separator: "T", maxSplits: 1).first.map(String.init) ?? text
        let noYear = date.hasPrefix("--")
        let digits = (noYear ? String(date.dropFirst(2)) : date).filter { $0 != "-" }
        guard date.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }),
              digits.count == (noYear ? 4 : 8),
              let month = Int(digits.dropFirst(noYear ? 0 : 4).prefix(2)),
              let day = Int(digits.suffix(2)),
              (1...12).contains(month), (1...31).contains(day) else {
            return text
        }
        let dayAndMonth = "\(day) \(months[month - 1])"
        return noYear ? dayAndMonth : "\(dayAndMonth) \(digits.prefix(4))"
    }
}

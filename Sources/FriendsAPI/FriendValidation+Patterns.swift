/// The rules of `FriendValidation` as JSON Schema patterns (ECMA-262 syntax that Python and ICU read
/// alike), for the OpenAPI document. A test checks them against `FriendValidation.message(for:value:)`.
///
/// Each is exact: a value matches (and fits `maxLength`) exactly when the server accepts it.
extension FriendValidation {
    public enum Pattern {
        /// What `FriendValidation.trim` removes: Unicode's White_Space property, and the invisible
        /// U+180E, U+200B–U+200D, U+2060 and U+FEFF.
        static let whiteSpace = #"\t\n\u000B\f\r \u0085\u00A0\u1680\u180E\u2000-\u200D\u2028\u2029\u202F\u205F\u2060\u3000\uFEFF"#
        /// What `isControl` refuses: C0 and C1 controls, line and paragraph separators, bidirectional
        /// overrides, U+FFFE and U+FFFF.
        static let control = #"\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFFFE\uFFFF"#
        /// Controls without tab, line feed and carriage return, which free text may hold.
        static let textControl = #"\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFFFE\uFFFF"#

        /// A name (or organization) without control characters, possibly empty, with white space around.
        public static let name = "^[\(whiteSpace)]*(?:[^\(control)\(whiteSpace)](?:[^\(control)]*[^\(control)\(whiteSpace)])?)?[\(whiteSpace)]*$"
        /// Like `name`, but not blank: what one of `firstname`, `lastname` and `organization` must be.
        public static let presentName = "^[\(whiteSpace)]*[^\(control)\(whiteSpace)](?:[^\(control)]*[^\(control)\(whiteSpace)])?[\(whiteSpace)]*$"
        /// Anything without control characters other than tabs and line breaks.
        public static let about = "^[\(whiteSpace)]*(?:[^\(textControl)]*[^\(textControl)\(whiteSpace)])?[\(whiteSpace)]*$"
        /// `q` of `GET /friends`: no control characters inside the white space around it.
        public static let search = "^[\(whiteSpace)]*(?:[^\(searchControl)]*[^\(searchControl)\(whiteSpace)])?[\(whiteSpace)]*$"
        static let searchControl = #"\u0000-\u001F\u007F-\u009F"#
        /// Empty, or text without control characters holding at least one digit.
        public static let phoneNumber = "^[\(whiteSpace)]*(?:[^\(control)]*[0-9][^\(control)]*)?[\(whiteSpace)]*$"
        /// A phone number that is not empty: what an entry of `phones` must be.
        public static let presentPhoneNumber = "^[\(whiteSpace)]*[^\(control)]*[0-9][^\(control)]*[\(whiteSpace)]*$"
        /// An email address that is not empty: what an entry of `emails` must be.
        public static let presentEmail = emailPattern(mayBeEmpty: false)
        /// Empty, `YYYY-MM-DD` or `--MM-DD`, a day its month has: 29 February only in a leap year
        /// (a multiple of 4 but not of 100, or of 400) or without the year.
        public static let birthday: String = {
            let dayOfAnyYear = "(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8])"
            let leapYear = "[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00"
            let date = "(?:[0-9]{4}|-)-(?:\(dayOfAnyYear))|(?:\(leapYear)|-)-02-29"
            return "^[\(whiteSpace)]*(?:\(date))?[\(whiteSpace)]*$"
        }()
        /// Empty, or local@domain.tld: no white space or controls, labels not starting or ending with a dash.
        public static let email = emailPattern(mayBeEmpty: true)

        private static func emailPattern(mayBeEmpty: Bool) -> String {
            let plain = "[^@\(whiteSpace)\(control)]"
            let labelEdge = "[^@.\(whiteSpace)\(control)-]"
            let label = "\(labelEdge)(?:[^@.\(whiteSpace)\(control)]*\(labelEdge))?"
            return "^[\(whiteSpace)]*(?:\(plain)+@\(label)(?:\\.\(label))+)\(mayBeEmpty ? "?" : "")[\(whiteSpace)]*$"
        }
    }
}

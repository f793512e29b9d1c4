/// The rules of `FriendValidation` as JSON Schema patterns (ECMA-262 syntax that Python and ICU read
/// alike), for the OpenAPI document. A test checks them against `FriendValidation.message(for:value:)`.
///
/// Names, email and about are exact: a value matches (and fits `maxLength`) exactly when the server
/// accepts it. The phone pattern is the common case only: the server also accepts parentheses around
/// digits, which a single regular expression cannot count.
extension FriendValidation {
    public enum Pattern {
        /// Unicode's White_Space property: what `FriendValidation.trim` removes.
        static let whiteSpace = #"\t\n\u000B\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000"#
        /// What `isControl` refuses: C0 and C1 controls, line and paragraph separators, bidirectional overrides.
        static let control = #"\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069"#
        /// Controls without tab, line feed and carriage return, which free text may hold.
        static let textControl = #"\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069"#

        /// White space around a name that is not blank and holds no control character.
        public static let name = "^[\(whiteSpace)]*[^\(control)\(whiteSpace)](?:[^\(control)]*[^\(control)\(whiteSpace)])?[\(whiteSpace)]*$"
        /// Anything without control characters other than tabs and line breaks.
        public static let about = "^[\(whiteSpace)]*(?:[^\(textControl)]*[^\(textControl)\(whiteSpace)])?[\(whiteSpace)]*$"
        /// `q` of `GET /friends`: no control characters inside the white space around it.
        public static let search = "^[\(whiteSpace)]*(?:[^\(searchControl)]*[^\(searchControl)\(whiteSpace)])?[\(whiteSpace)]*$"
        static let searchControl = #"\u0000-\u001F\u007F-\u009F"#
        /// Empty, or 3 to 20 digits with an optional leading + and spaces, dashes or dots between.
        public static let phoneNumber = "^[\(whiteSpace)]*(?:\\+?[0-9](?:[ .-]*[0-9]){2,19})?[\(whiteSpace)]*$"
        /// Empty, or local@domain.tld: no white space or controls, labels not starting or ending with a dash.
        public static let email: String = {
            let plain = "[^@\(whiteSpace)\(control)]"
            let labelEdge = "[^@.\(whiteSpace)\(control)-]"
            let label = "\(labelEdge)(?:[^@.\(whiteSpace)\(control)]*\(labelEdge))?"
            return "^[\(whiteSpace)]*(?:\(plain)+@\(label)(?:\\.\(label))+)?[\(whiteSpace)]*$"
        }()
    }
}

import Foundation

/// Unguessable tokens — session ids, CSRF tokens, the embedded server's token — and their
/// comparison, written once for every server of the project.
public enum SecretToken {
    /// 32 bytes from the system's secure random source, as 43 URL-safe base64 characters (fit for
    /// a cookie, a header, a form field or a URL).
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Compares without stopping at the first difference, so the time taken says nothing of how
    /// much of a guess was right.
    public static func matches(_ given: some StringProtocol, _ expected: some StringProtocol) -> Bool {
        let given = Array(given.utf8), expected = Array(expected.utf8)
        guard given.count == expected.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(given, expected) { difference |= left ^ right }
        return difference == 0
    }
}

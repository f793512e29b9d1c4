import Foundation

extension FriendValidation {
    /// Empty, or 3–20 ASCII digits with an optional leading `+` and
    /// spaces, dashes, dots or parentheses between them.
    public static func isPlausiblePhoneNumber(_ value: String) -> Bool {
        if value.isEmpty { return true }
        var scalars = Substring(value).unicodeScalars[...]
        if scalars.first == "+" { scalars = scalars.dropFirst() }
        guard let first = scalars.first, let last = scalars.last else { return false }
        guard isASCIIDigit(first) || first == "(", isASCIIDigit(last) || last == ")" else { return false }
        var digits = 0
        var openParentheses = 0
        for scalar in scalars {
            switch scalar {
            case "0"..."9": digits += 1
            case " ", "-", ".": continue
            case "(": openParentheses += 1
            case ")":
                openParentheses -= 1
                if openParentheses < 0 { return false }
            default: return false
            }
        }
        return openParentheses == 0 && phoneDigitRange.contains(digits)
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
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .surrogate:
            return true
        default:
            return isBidirectionalOverride(scalar)
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

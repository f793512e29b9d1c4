import Foundation

/// The items of a query as a form writes them (an HTML form, `URLSearchParams`, Python's
/// `urlencode`): `name=value` joined by `&`, `+` a space, and names as well as values
/// percent-encoded, so that `%71=ada` is `q=ada` (and `q=ada&%71=bob` gives `q` twice).
struct FormItems {
    private let items: [(name: String, rawValue: Substring)]

    init(_ query: String?) {
        items = (query ?? "").split(separator: "&").map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let rawName = parts[0]
            return (Self.decoded(rawName) ?? String(rawName), parts.count > 1 ? parts[1] : "")
        }
    }

    /// The values of `name` as sent, still encoded.
    func rawValues(named name: String) -> [Substring] {
        items.filter { $0.name == name }.map(\.rawValue)
    }

    /// The first value of `name`, decoded (one that is not valid percent-encoded UTF-8 as sent).
    func value(named name: String) -> String? {
        rawValues(named: name).first.map { Self.decoded($0) ?? String($0) }
    }

    /// `text` with `+` a space and percent-escapes undone; nil when they escape no UTF-8.
    static func decoded(_ text: Substring) -> String? {
        // Most names and values have nothing to undo, and Foundation's decoding costs a list request
        // a tenth of its time (BENCHMARKS.md).
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else { return String(text) }
        return text.replacing("+", with: "%20").removingPercentEncoding
    }
}

import Hummingbird

/// Which requests want or send vCards: `Accept: text/vcard` on the friend routes, `Content-Type:
/// text/vcard` on import. `text/x-vcard` and `text/directory` are the older names clients still send.
enum VCardNegotiation {
    static let mediaTypes: Set<String> = ["text/vcard", "text/x-vcard", "text/directory"]
    static let contentType = "text/vcard; charset=utf-8"

    /// Whether `Accept` prefers a vCard to JSON. Each is weighed by the most specific range that
    /// matches it (RFC 9110 12.5.1: `text/vcard;q=0.5, */*` prefers anything, so JSON). On equal
    /// weights JSON wins, unless vCard is named more specifically (`text/vcard, */*`) or both are
    /// named outright.
    static func wantsVCard(_ headers: HTTPFields) -> Bool {
        guard let accept = headers[values: .accept].joined(separator: ",").nilIfEmpty else { return false }
        var vcard = Preference.none
        var json = Preference.none
        for range in accept.split(separator: ",") {
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let type = parts.first, !type.isEmpty else { continue }
            let weight = parts.dropFirst().compactMap(Self.weight).first ?? 1
            switch type {
            case _ where mediaTypes.contains(type): vcard.offer(weight, specificity: 2)
            case "application/json": json.offer(weight, specificity: 2)
            case "text/*": vcard.offer(weight, specificity: 1)
            case "application/*": json.offer(weight, specificity: 1)
            case "*/*": vcard.offer(weight, specificity: 0); json.offer(weight, specificity: 0)
            default: continue
            }
        }
        guard vcard.weight > 0 else { return false }
        if vcard.weight != json.weight { return vcard.weight > json.weight }
        return vcard.specificity > json.specificity || vcard.specificity == 2
    }

    static func isVCard(_ contentType: String?) -> Bool {
        guard let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() else {
            return false
        }
        return mediaTypes.contains(type)
    }

    /// `q=0.5` as a number; a parameter that is not a weight, nil.
    private static func weight(_ parameter: String) -> Double? {
        let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard pair.count == 2, pair[0] == "q", let weight = Double(pair[1]) else { return nil }
        return min(max(weight, 0), 1)
    }

    /// How much a client wants a representation: the weight of the most specific range naming it.
    private struct Preference {
        static let none = Preference(weight: 0, specificity: -1)
        var weight: Double
        var specificity: Int

        mutating func offer(_ weight: Double, specificity: Int) {
            if specificity > self.specificity {
                self = Preference(weight: weight, specificity: specificity)
            } else if specificity == self.specificity {
                self.weight = max(self.weight, weight)
            }
        }
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}

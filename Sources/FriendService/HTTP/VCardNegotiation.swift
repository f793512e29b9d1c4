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
        var vcard = Preference.none
        var json = Preference.none
        for range in mediaRanges(headers) {
            let weight = range.weight
            switch range.type {
            case _ where mediaTypes.contains(range.type): vcard.offer(weight, specificity: 2)
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

    /// One range of `Accept`, lower-cased: its media type, its weight (`q`, 1 when it has none or
    /// one that is no number) and its other parameters, without their quotes (`version="4.0"`).
    struct MediaRange {
        var type: String
        var weight: Double
        var parameters: [String: String]
    }

    /// The ranges of every `Accept` line, in order; an empty one is left out.
    static func mediaRanges(_ headers: HTTPFields) -> [MediaRange] {
        headers[values: .accept].joined(separator: ",").split(separator: ",").compactMap { range in
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let type = parts.first, !type.isEmpty else { return nil }
            var parameters: [String: String] = [:]
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, parameters[pair[0]] == nil else { continue }
                parameters[pair[0]] = pair[1].filter { $0 != "\"" }
            }
            let weight = parameters.removeValue(forKey: "q").flatMap(Double.init).map { min(max($0, 0), 1) } ?? 1
            return MediaRange(type: type, weight: weight, parameters: parameters)
        }
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

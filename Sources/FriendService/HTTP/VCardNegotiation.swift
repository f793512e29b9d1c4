import Hummingbird

/// Which requests want or send vCards: `Accept: text/vcard` on the friend routes, `Content-Type:
/// text/vcard` on import. `text/x-vcard` and `text/directory` are the older names clients still send.
enum VCardNegotiation {
    static let mediaTypes: Set<String> = ["text/vcard", "text/x-vcard", "text/directory"]
    static let contentType = "text/vcard; charset=utf-8"

    /// Whether `Accept` names a vCard type (with a weight above zero) ahead of JSON.
    static func wantsVCard(_ headers: HTTPFields) -> Bool {
        guard let accept = headers[values: .accept].joined(separator: ",").nilIfEmpty else { return false }
        var best: (vcard: Double, json: Double) = (0, 0)
        for range in accept.split(separator: ",") {
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let type = parts.first else { continue }
            let weight = parts.dropFirst().compactMap { $0.hasPrefix("q=") ? Double($0.dropFirst(2)) : nil }.first ?? 1
            if mediaTypes.contains(type) { best.vcard = max(best.vcard, weight) }
            if type == "application/json" { best.json = max(best.json, weight) }
        }
        return best.vcard > 0 && best.vcard >= best.json
    }

    static func isVCard(_ contentType: String?) -> Bool {
        guard let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() else {
            return false
        }
        return mediaTypes.contains(type)
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}

import VCard

/// The vCard version cards are served in: 3.0, which every contact app reads and RFC 6352 5.1
/// asks of a server, so a card kept in 2.1 or 4.0 is converted (`VCardVersion3`); a request that
/// names 4.0 (`address-data`'s `version`, or `Accept: text/vcard; version=4.0` on a GET) gets a card
/// kept in 4.0 as it is. sabre/dav serves the same way; a 3.0 card is not raised to 4.0.
enum ServedVersion: Sendable, Equatable {
    case version3
    case version4WhereKept

    func bytes(of card: [UInt8]) -> [UInt8] {
        if self == .version4WhereKept, VCardVersion3.declaredVersion(in: card) == "4.0" { return card }
        return VCardVersion3.bytes(of: card)
    }

    /// 4.0 when a GET's `Accept` ranks `text/vcard; version=4.0` at least as high as any other vCard.
    static func accepting(_ accept: String?) -> ServedVersion {
        guard let accept else { return .version3 }
        var version4: Double = 0
        var others: Double = 0
        for range in accept.split(separator: ",") {
            let parts = range.split(separator: ";").map { String($0).trimmingSpaces.lowercased() }
            guard let type = parts.first, ["text/vcard", "text/x-vcard", "text/*", "*/*"].contains(type) else { continue }
            var quality = 1.0
            var version: String?
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { String($0).trimmingSpaces }
                guard pair.count == 2 else { continue }
                if pair[0] == "q" { quality = Double(pair[1]) ?? 0 }
                if pair[0] == "version" { version = pair[1].filter { $0 != "\"" } }
            }
            if version == "4.0" { version4 = max(version4, quality) } else { others = max(others, quality) }
        }
        return version4 > 0 && version4 >= others ? .version4WhereKept : .version3
    }
}

import VCard

/// The vCard version cards are served in: 3.0, which every contact app reads and RFC 6352 5.1
/// asks of a server, so a card kept in 2.1 or 4.0 is converted (`VCardVersion3`); a request that
/// names 4.0 (`address-data`'s `version`, or `Accept: text/vcard; version=4.0` on a GET) gets 4.0, a
/// card kept in 4.0 as it is and any other converted (`VCardVersion4`), as sabre/dav serves them.
enum ServedVersion: Sendable, Equatable {
    case version3
    case version4

    func bytes(of card: [UInt8]) -> [UInt8] {
        switch self {
        case .version3: VCardVersion3.bytes(of: card)
        case .version4: VCardVersion4.bytes(of: card)
        }
    }

    /// The media type of a card as served: with `version=4.0` when it is one (a card that cannot
    /// be read is served as it is kept).
    static func contentType(of card: [UInt8]) -> String {
        VCardVersion3.declaredVersion(in: card) == "4.0" ? "text/vcard; charset=utf-8; version=4.0" : contentType
    }

    static let contentType = "text/vcard; charset=utf-8"

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
        return version4 > 0 && version4 >= others ? .version4 : .version3
    }
}

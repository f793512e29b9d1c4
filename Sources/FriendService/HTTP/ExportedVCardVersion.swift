import Hummingbird
import VCard

/// The vCard version the REST routes give cards in: each card as kept (2.1, 3.0 or 4.0, as it came)
/// unless `Accept` names one with the media type's `version` parameter (RFC 6350 10.1,
/// `text/vcard; version=3.0`). A file for an app that reads one version only asks for it: Apple's
/// Contacts reads neither 2.1's quoted-printable nor 4.0's URIs, and a strict parser stops at
/// Samsung's `X-CUSTOM(…)` labels of a 2.1 card. The conversions are CardDAV's (`VCardVersion3`,
/// `VCardVersion4`); a version Friends does not write (2.1) is taken as none named.
enum ExportedVCardVersion: Equatable, CaseIterable {
    case asKept
    case version3
    case version4

    /// The version named by the vCard media range `Accept` weighs highest (the first of equals).
    init(accepting headers: HTTPFields) {
        var best: VCardNegotiation.MediaRange?
        for range in VCardNegotiation.mediaRanges(headers) where VCardNegotiation.mediaTypes.contains(range.type) {
            if range.weight > best?.weight ?? 0 { best = range }
        }
        self = switch best?.parameters["version"] {
        case "3.0": .version3
        case "4.0": .version4
        default: .asKept
        }
    }

    func text(of card: String) -> String {
        switch self {
        case .asKept: card
        case .version3: VCardVersion3.text(of: card)
        case .version4: VCardVersion4.text(of: card)
        }
    }

    /// The media type of the cards given, saying their version when every one has it.
    var contentType: String {
        switch self {
        case .asKept: VCardNegotiation.contentType
        case .version3: VCardNegotiation.contentType + "; version=3.0"
        case .version4: VCardNegotiation.contentType + "; version=4.0"
        }
    }

    /// What ends the tag of one card given in this version (`EntityTag.ofCard`): each version of
    /// a card is a representation of its own.
    var tagSuffix: String {
        switch self {
        case .asKept: ".vcf"
        case .version3: ".v3.vcf"
        case .version4: ".v4.vcf"
        }
    }
}

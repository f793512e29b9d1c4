extension PostalAddress {
    /// The parts that are not empty, in the order an envelope of the address's country has them:
    /// "Los Angeles, CA 90028" in the United States, the postcode on a line of its own after the
    /// town in the United Kingdom, and the postcode before the town elsewhere ("75001 Paris").
    public var lines: [String] {
        let lines: [String]
        switch EnvelopeStyle(of: self) {
        case .cityRegionPostcode(let comma):
            let place = [city, region].filter { !$0.isEmpty }.joined(separator: comma ? ", " : " ")
            lines = [street, [place, postcode].filter { !$0.isEmpty }.joined(separator: " "), country]
        case .postcodeLast:
            lines = [street, city, region, postcode, country]
        case .postcodeFirst:
            lines = [street, [postcode, city].filter { !$0.isEmpty }.joined(separator: " "), region, country]
        }
        return lines.filter { !$0.isEmpty }
    }
}

/// Where the postcode goes on an envelope, told from the country as people write it ("USA",
/// "United States", "U.S."), or, without a country, from a US state code and ZIP code.
private enum EnvelopeStyle {
    /// "Los Angeles, CA 90028" (United States); "Toronto ON M5V 2T6" (Canada, Australia).
    case cityRegionPostcode(comma: Bool)
    /// The town, then the postcode on a line of its own (United Kingdom).
    case postcodeLast
    /// "75001 Paris", "10115 Berlin": most of the world.
    case postcodeFirst

    init(of address: PostalAddress) {
        let country = address.country.lowercased().filter(\.isLetter)
        switch country {
        case "us", "usa", "unitedstates", "unitedstatesofamerica", "america":
            self = .cityRegionPostcode(comma: true)
        case "canada", "australia":
            self = .cityRegionPostcode(comma: false)
        case "uk", "unitedkingdom", "gb", "greatbritain", "england", "scotland", "wales", "northernireland":
            self = .postcodeLast
        case "" where Self.isUSStateAndZIP(region: address.region, postcode: address.postcode):
            self = .cityRegionPostcode(comma: true)
        default:
            self = .postcodeFirst
        }
    }

    /// "CA" and "90028" or "90028-1234".
    private static func isUSStateAndZIP(region: String, postcode: String) -> Bool {
        let isStateCode = region.count == 2 && region.allSatisfy { $0.isASCII && $0.isUppercase }
        let digits = postcode.split(separator: "-", omittingEmptySubsequences: false)
        let isZIP = (digits.count == 1 || (digits.count == 2 && digits[1].count == 4))
            && digits[0].count == 5 && digits.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } }
        return isStateCode && isZIP
    }
}

import CardDAV
import Foundation
import VCard

extension FriendAddressBook {
    func queriedProperties(_ properties: Set<String>, in object: AddressObject) -> [String: [QueriedProperty]] {
        guard let card = try? VCardParser.parse(object.card) else { return [:] }
        return Dictionary(uniqueKeysWithValues: properties.map { name in
            (name, card.all(name).map { QueriedProperty(values: Self.values(of: $0), parameters: Self.parameters(of: $0)) })
        })
    }

    private static func values(of property: VCardProperty) -> [String] {
        // Structured values (`N`, `ADR`) are matched as their non-empty parts joined, as a person
        // reads them: `N:Doe;John;;;` is "Doe John", so `equals` and `ends-with` can match it.
        // A text list (`CATEGORIES:Friends,Work`) is matched value by value (RFC 6352 10.5.4).
        switch property.name.uppercased() {
        case "N", "ADR":
            return [property.components.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")]
        case "CATEGORIES", "NICKNAME":
            return property.listValues
        default:
            return [property.text]
        }
    }

    /// By the parameter's name in upper case. A `TYPE` list is taken apart however it is written
    /// (`TYPE=cell,voice`, `TYPE="cell,voice"`, `TYPE=cell;TYPE=voice`, 2.1's `TEL;CELL;VOICE:`).
    private static func parameters(of property: VCardProperty) -> [String: [String]] {
        var parameters: [String: [String]] = [:]
        for parameter in property.parameters {
            let name = parameter.name.uppercased()
            let values = name == "TYPE"
                ? parameter.values.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }
                : parameter.values
            parameters[name, default: []] += values
        }
        return parameters
    }
}

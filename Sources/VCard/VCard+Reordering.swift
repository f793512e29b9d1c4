import FriendsAPI

/// Phones or emails only put in another order (an app's "Make preferred" moves one to the front):
/// each keeps its property, parameters, group and bytes; only what says which one is preferred
/// (`TYPE=pref`, 4.0's `PREF=`) changes, and properties change places only when the order of the
/// others needs it.
extension VCard {
    /// Reorders the properties at `entries` (indices, in the order of `old`) as `new` orders
    /// them; `false`, changing nothing, when `new` is not `old` reordered.
    mutating func reorder(_ entries: [Int], from old: [LabeledValue], to new: [LabeledValue]) -> Bool {
        guard entries.count == old.count, !new.isEmpty, let order = Self.permutation(from: old, to: new) else { return false }
        let wanted = order.map { entries[$0] }
        let first = properties[wanted[0]].preferenceRank
        let isAlreadyPreferred = first.map { rank in wanted.dropFirst().allSatisfy { (properties[$0].preferenceRank ?? .max) > rank } } ?? false
        if !isAlreadyPreferred {
            properties[wanted[0]].becomePreferred(version: version)
            let rank = properties[wanted[0]].preferenceRank ?? 0
            for index in wanted.dropFirst() where (properties[index].preferenceRank ?? .max) <= rank {
                properties[index].stopBeingPreferred()
            }
        }
        // The others follow the preferred one in the order they have in the card.
        let others = wanted.dropFirst()
        if others.sorted() != Array(others) {
            let moved = others.map { properties[$0] }
            for (slot, property) in zip(others.sorted(), moved) { properties[slot] = property }
        }
        return true
    }

    /// For each entry of `new`, the index of the same entry (label and value) in `old`; `nil`
    /// when `new` is not `old` reordered.
    private static func permutation(from old: [LabeledValue], to new: [LabeledValue]) -> [Int]? {
        guard old.count == new.count else { return nil }
        var unused = Array(old.indices)
        var order: [Int] = []
        for entry in new {
            guard let position = unused.firstIndex(where: { old[$0] == entry }) else { return nil }
            order.append(unused.remove(at: position))
        }
        return order
    }
}

extension VCardProperty {
    /// How preferred it is, lowest first: 4.0's lowest `PREF=`, or 0 for `TYPE=pref` (2.1 and
    /// 3.0); `nil` when not marked.
    var preferenceRank: Int? {
        if let pref = parameterValues("PREF").compactMap({ Int($0.trimmingSpaces) }).min() { return pref }
        return hasType("pref") ? 0 : nil
    }

    /// Without `pref` among its types and without `PREF=`, written afresh.
    mutating func stopBeingPreferred() {
        parameters = parameters.compactMap { parameter in
            if parameter.name.caseInsensitiveEquals("PREF") { return nil }
            guard parameter.name.caseInsensitiveEquals("TYPE") else { return parameter }
            var kept = parameter
            // A quoted list (`TYPE="work,pref"`) is one value.
            kept.values = parameter.values.compactMap { value in
                let types = value.split(separator: ",").filter { !String($0).trimmingSpaces.caseInsensitiveEquals("pref") }
                return types.isEmpty ? nil : types.joined(separator: ",")
            }
            return kept.values.isEmpty ? nil : kept
        }
        source = nil
    }

    /// Marked preferred as its card's version marks it, written afresh: `PREF=1` in 4.0,
    /// `TYPE=pref` before (a bare `PREF` in 2.1).
    mutating func becomePreferred(version: String) {
        parameters.removeAll { $0.name.caseInsensitiveEquals("PREF") }
        if version == "4.0" {
            parameters.append(VCardParameter(name: "PREF", values: ["1"]))
        } else if !hasType("pref") {
            // Spelled as its other types are (Apple writes `type=`).
            let name = parameters.first { $0.name.caseInsensitiveEquals("TYPE") }?.name ?? "TYPE"
            parameters.append(VCardParameter(name: name, values: [version == "2.1" ? "PREF" : "pref"]))
        }
        source = nil
    }
}

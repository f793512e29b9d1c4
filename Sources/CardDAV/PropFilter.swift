extension AddressBookQuery {
    /// `C:prop-filter` (RFC 6352 10.5.1). Its text-matches and param-filters are tests of one
    /// property: `TEL` with "555" and `TYPE` "cell" finds a mobile number with 555 in it, not a
    /// card with 555 at home and another number on the mobile.
    struct PropFilter {
        var name: String
        var allOf: Bool
        var isNotDefined: Bool
        var textMatches: [TextMatch]
        var paramFilters: [ParamFilter]

        init(_ element: DAVXMLElement) throws {
            guard let name = element.attribute("name")?.trimmingSpaces, !name.isEmpty else {
                throw DAVRequestError.badRequest("A prop-filter needs a name.")
            }
            self.name = name.uppercased()
            allOf = try testIsAllOf(element)
            isNotDefined = element.child(.cardDAV("is-not-defined")) != nil
            textMatches = try element.children(.cardDAV("text-match")).map(TextMatch.init)
            paramFilters = try element.children(.cardDAV("param-filter")).map(ParamFilter.init)
        }

        /// Whether a card with these occurrences of the property matches.
        func matches(_ properties: [QueriedProperty]) -> Bool {
            if isNotDefined { return properties.isEmpty }
            return properties.contains(where: holds)
        }

        private func holds(for property: QueriedProperty) -> Bool {
            guard !textMatches.isEmpty || !paramFilters.isEmpty else { return true }
            let texts = textMatches.lazy.map { $0.holds(for: property.values) }
            let parameters = paramFilters.lazy.map { $0.matches(property) }
            if allOf { return texts.allSatisfy { $0 } && parameters.allSatisfy { $0 } }
            return texts.contains(true) || parameters.contains(true)
        }
    }

    /// `C:param-filter` (RFC 6352 10.5.2): a parameter of the property, by its name in any case,
    /// there (empty), not there (`is-not-defined`), or with a value the text-match finds.
    struct ParamFilter {
        var name: String
        var isNotDefined: Bool
        var textMatch: TextMatch?

        init(_ element: DAVXMLElement) throws {
            guard let name = element.attribute("name")?.trimmingSpaces, !name.isEmpty else {
                throw DAVRequestError.badRequest("A param-filter needs a name.")
            }
            let isNotDefined = element.child(.cardDAV("is-not-defined")) != nil
            let textMatches = element.children(.cardDAV("text-match"))
            guard textMatches.count + (isNotDefined ? 1 : 0) <= 1 else {
                throw DAVRequestError.badRequest("A param-filter holds one is-not-defined or one text-match at most.")
            }
            self.name = name.uppercased()
            self.isNotDefined = isNotDefined
            textMatch = try textMatches.first.map(TextMatch.init)
        }

        func matches(_ property: QueriedProperty) -> Bool {
            let values = property.parameters[name] ?? []
            if isNotDefined { return values.isEmpty }
            guard !values.isEmpty else { return false }
            return textMatch?.holds(for: values) ?? true
        }
    }
}

extension FlightListError {
    init(_ problem: FieldProblem) {
        let path = problem.codingPath.fieldPath
        switch problem.kind {
        case let .unknownField(field): self = .unknownField(field, at: path)
        case .emptyText: self = .emptyText(at: path)
        case let .invalidDate(text): self = .invalidDate(text, at: path)
        case let .unknownTimeZone(identifier): self = .unknownTimeZone(identifier, at: path)
        }
    }

    init(_ error: DecodingError) {
        switch error {
        case let .keyNotFound(key, context):
            self = .missingField(key.stringValue, at: context.codingPath.fieldPath)
        case let .typeMismatch(type, context), let .valueNotFound(type, context):
            self = .wrongType(at: context.codingPath.fieldPath, expected: Self.describe(type))
        case let .dataCorrupted(context):
            let underlying = context.underlyingError.map { " (\($0))" } ?? ""
            self = .notJSON(reason: context.debugDescription + underlying)
        @unknown default:
            self = .notJSON(reason: String(describing: error))
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        let name = String(describing: type)
        if name == "String" { return "text" }
        if name.hasPrefix("Array") { return "a list" }
        if name.hasPrefix("Dictionary") { return "an object" }
        return "a value of type \(name)"
    }
}

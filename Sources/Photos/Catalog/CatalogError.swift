/// Why a catalog could not be loaded. Each case names the file, and for a bad
/// picture the entry and the field, so the user can fix the file.
public enum CatalogError: Error, Equatable, Sendable {
    /// `file` is the name shown to the user: the path they gave, or "catalog.json (built in)".
    case fileNotFound(file: String)
    case unreadable(file: String, reason: String)
    case invalidJSON(file: String, detail: String)
    /// The top level is not an object with a `pictures` array; `problem` says how.
    case missingPictures(file: String, problem: String)
    case invalidPicture(file: String, index: Int, id: Int?, field: String?, problem: String)
}

extension CatalogError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .fileNotFound(let file):
            "No catalog file at \(file)."
        case .unreadable(let file, let reason):
            "Could not read \(file): \(reason)."
        case .invalidJSON(let file, let detail):
            "\(file) is not valid JSON: \(detail)."
        case .missingPictures(let file, let problem):
            "\(file) is not a photo catalog: \(problem)."
        case .invalidPicture(let file, let index, let id, let field, let problem):
            "\(file), pictures[\(index)]\(id.map { " (id \($0))" } ?? "")"
                + (field.map { ": \"\($0)\" \(problem)." } ?? ": \(problem).")
        }
    }
}

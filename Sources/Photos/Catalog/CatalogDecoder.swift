import Foundation

/// Turns catalog JSON in the article's shape (`{"pictures": [...]}`) into photos,
/// and any failure into a `CatalogError` that names the entry and field at fault.
public struct CatalogDecoder: Sendable {
    public init() {}

    /// - Parameter file: how the file is named in error messages.
    public func decode(_ data: Data, file: String) throws(CatalogError) -> [Photo] {
        let pictures: [Photo]
        do {
            pictures = try JSONDecoder().decode(CatalogDocument.self, from: data).pictures
        } catch let error as DecodingError {
            throw catalogError(for: error, in: data, file: file)
        } catch {
            throw .invalidJSON(file: file, detail: String(describing: error))
        }
        // The list names a picture by its id: two of one id would be one row the other cannot be told from.
        var seen = Set<Int>()
        for (index, picture) in pictures.enumerated() where !seen.insert(picture.id).inserted {
            throw .invalidPicture(file: file, index: index, id: picture.id, field: "id", problem: "is the id of an earlier picture too")
        }
        return pictures
    }

    private func catalogError(for error: DecodingError, in data: Data, file: String) -> CatalogError {
        let context: DecodingError.Context
        let problem: String
        switch error {
        case .keyNotFound(_, let keyContext):
            context = keyContext
            problem = "is missing"
        case .valueNotFound(let type, let valueContext):
            context = valueContext
            problem = "must be \(Self.name(of: type)), not null"
        case .typeMismatch(let type, let mismatchContext):
            context = mismatchContext
            problem = "must be \(Self.name(of: type))"
        case .dataCorrupted(let corruptedContext):
            context = corruptedContext
            problem = corruptedContext.debugDescription
        @unknown default:
            return .invalidJSON(file: file, detail: String(describing: error))
        }

        var path = context.codingPath
        if case .keyNotFound(let key, _) = error { path.append(key) }

        guard let first = path.first else {
            if case .dataCorrupted = error {
                return .invalidJSON(file: file, detail: JSONSyntaxProblem.describe(data))
            }
            return .missingPictures(file: file, problem: "the top level must be a JSON object with a \"pictures\" array")
        }
        guard path.count >= 2, let index = path[1].intValue else {
            return .missingPictures(file: file, problem: "\"\(first.stringValue)\" \(problem)")
        }
        return .invalidPicture(
            file: file,
            index: index,
            id: Self.pictureID(at: index, in: data),
            field: path.count >= 3 ? path[2].stringValue : nil,
            problem: path.count >= 3 ? problem : "must be a JSON object"
        )
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is Bool.Type: "true or false"
        case is Int.Type: "a whole number"
        case is String.Type: "a string"
        case is [Any].Type: "an array"
        default: "a JSON object"
        }
    }

    /// The id of a picture that failed to decode, if that entry has a readable one.
    private static func pictureID(at index: Int, in data: Data) -> Int? {
        let ids = try? JSONDecoder().decode(PictureIDs.self, from: data)
        return ids.flatMap { index < $0.ids.count ? $0.ids[index] : nil }
    }
}

private struct CatalogDocument: Decodable {
    enum CodingKeys: String, CodingKey { case pictures }
    let pictures: [Photo]
}

/// Reads only the ids, never failing on an entry, to name the entry an error is about.
private struct PictureIDs: Decodable {
    let ids: [Int?]

    private enum CodingKeys: String, CodingKey { case pictures }
    private struct Entry: Decodable {
        let id: Int?
        private enum CodingKeys: String, CodingKey { case id }
        init(from decoder: any Decoder) throws {
            id = try? decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
        }
    }

    init(from decoder: any Decoder) throws {
        ids = try decoder.container(keyedBy: CodingKeys.self).decode([Entry].self, forKey: .pictures).map(\.id)
    }
}

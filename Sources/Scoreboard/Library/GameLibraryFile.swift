import Foundation

/// The JSON document a `FileGameLibrary` keeps on disk.
struct GameLibraryFile: Codable {
    static let currentFormatVersion = 1

    var formatVersion: Int
    var games: [Game]

    init(games: [Game]) {
        self.formatVersion = Self.currentFormatVersion
        self.games = games
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// Reads a document, telling a damaged file from one written by a newer version of the app.
    static func decode(_ data: Data, path: String) throws(GameLibraryError) -> GameLibraryFile {
        let decoder = JSONDecoder()
        if let version = try? decoder.decode(FormatVersion.self, from: data).formatVersion,
           version > currentFormatVersion {
            throw .couldNotRead(
                path: path, reason: "it was written by a newer version of Scoreboard (format \(version)).")
        }
        do {
            return try decoder.decode(GameLibraryFile.self, from: data)
        } catch {
            throw .corruptFile(path: path, reason: describe(error))
        }
    }

    /// The games of a damaged document that can still be read each on its own: none when it is
    /// not a list of games at all.
    static func readableGames(in data: Data) -> [Game] {
        struct Games: Decodable { var games: [Readable] }
        struct Readable: Decodable {
            var game: Game?
            init(from decoder: any Decoder) { game = try? Game(from: decoder) }
        }
        return (try? JSONDecoder().decode(Games.self, from: data))?.games.compactMap(\.game) ?? []
    }

    private struct FormatVersion: Decodable {
        var formatVersion: Int
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "it is not valid JSON." }
        switch error {
        case let .dataCorrupted(context):
            return context.codingPath.isEmpty
                ? "it is not valid JSON."
                : "a value is not one Scoreboard knows (at \(pathText(context.codingPath)))."
        case let .keyNotFound(key, context):
            return "\"\(key.stringValue)\" is missing (at \(pathText(context.codingPath + [key])))."
        case let .typeMismatch(_, context), let .valueNotFound(_, context):
            return context.codingPath.isEmpty
                ? "it holds JSON, but not a game library."
                : "a value has the wrong type (at \(pathText(context.codingPath)))."
        @unknown default:
            return "it is not a game library."
        }
    }

    private static func pathText(_ path: [any CodingKey]) -> String {
        let text = path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
        return String(text.drop { $0 == "." })
    }
}

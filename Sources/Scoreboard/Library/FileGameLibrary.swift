import Foundation

/// A library kept in one JSON file. Every change is written to a new file that then replaces the
/// old one in a single rename, so the file always holds either the old or the new library,
/// never half of one. Memory changes only after the file did, so the two never disagree.
///
/// Two apps may keep one library (two windows): each change is made to what the file holds at
/// that moment, so neither app's games overwrite the other's. What the other app saved shows
/// here after this library's next change. (Two saves in the very same instant can still cross:
/// a lock would need more than Foundation, which this library keeps to.)
@MainActor
public final class FileGameLibrary: GameLibrary {
    public let fileURL: URL
    private var list: GameList

    /// Opens the library in `fileURL`; a missing file is an empty library.
    public init(fileURL: URL) throws(GameLibraryError) {
        self.fileURL = fileURL
        self.list = try Self.read(fileURL)
    }

    /// Opens the library, and when its file is damaged moves the file aside as a backup and
    /// starts a library in its place with the games that could still be read, one bad game costing
    /// only itself. The recovery says what happened, to tell the user.
    public static func openRecoveringFromDamage(
        fileURL: URL, now: Date = Date()
    ) throws(GameLibraryError) -> (library: FileGameLibrary, recovery: GameLibraryRecovery?) {
        do {
            return (try FileGameLibrary(fileURL: fileURL), nil)
        } catch let error {
            guard case .corruptFile = error else { throw error }
            var readable = GameList()
            if let data = try? Data(contentsOf: fileURL) {
                for game in GameLibraryFile.readableGames(in: data) {
                    // A game written twice keeps the copy further along: more moves, or more time played.
                    guard let kept = readable.games.first(where: { $0.id == game.id }) else {
                        try? readable.add(game)
                        continue
                    }
                    if (game.moves.count, game.playingTime) > (kept.moves.count, kept.playingTime) { try? readable.update(game) }
                }
            }
            let backupURL = try moveAside(fileURL, because: error, now: now)
            let library = try FileGameLibrary(fileURL: fileURL)
            if !readable.games.isEmpty {
                try library.write(readable)
                library.list = readable
            }
            let recovery = GameLibraryRecovery(problem: error, backupURL: backupURL, keptGames: readable.games.count)
            return (library, recovery)
        }
    }

    public var games: [Game] { list.games }

    public func add(_ game: Game) throws(GameLibraryError) {
        try commit { list throws(GameLibraryError) in try list.add(game) }
    }

    public func update(_ game: Game) throws(GameLibraryError) {
        try commit { list throws(GameLibraryError) in try list.update(game) }
    }

    public func remove(id: Game.ID) throws(GameLibraryError) {
        try commit { list throws(GameLibraryError) in try list.remove(id: id) }
    }

    /// The game as the file holds it now, changed: moves another window saved meanwhile stay.
    public func change(_ id: Game.ID, _ change: (inout Game) -> Void) throws(GameLibraryError) -> Game {
        try commit { list throws(GameLibraryError) in
            guard var game = list.games.first(where: { $0.id == id }) else { throw .gameNotFound }
            change(&game)
            try list.update(game)
            return game
        }
    }

    /// Makes `change` to the library as the file holds it now and saves it.
    private func commit<Result>(_ change: (inout GameList) throws(GameLibraryError) -> Result) throws(GameLibraryError) -> Result {
        var changed = try Self.read(fileURL)
        let result = try change(&changed)
        try write(changed)
        list = changed
        return result
    }

    private func write(_ changed: GameList) throws(GameLibraryError) {
        do {
            let data = try GameLibraryFile(games: changed.games).encoded()
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            // `.atomic` writes a temporary file beside the target, syncs it and renames it over.
            try data.write(to: fileURL, options: .atomic)
        } catch {
            throw .couldNotSave(path: fileURL.path, reason: Self.reason(error))
        }
    }

    private static func read(_ fileURL: URL) throws(GameLibraryError) -> GameList {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: fileURL.path, isDirectory: &isFolder) else { return GameList() }
        // Foundation would say only "NSCocoaErrorDomain error 256".
        if isFolder.boolValue { throw .couldNotRead(path: fileURL.path, reason: "it is a folder, not a file.") }
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch {
            throw .couldNotRead(path: fileURL.path, reason: reason(error))
        }
        var list = GameList()
        for game in try GameLibraryFile.decode(data, path: fileURL.path).games {
            do {
                try list.add(game)
            } catch {
                throw .corruptFile(path: fileURL.path, reason: "game \(game.id) appears twice.")
            }
        }
        return list
    }

    private static func moveAside(
        _ fileURL: URL, because damage: GameLibraryError, now: Date
    ) throws(GameLibraryError) -> URL {
        let stamp = backupTimestamp(now)
        var backupURL = fileURL.appendingPathExtension("corrupt-\(stamp)")
        var attempt = 1
        while FileManager.default.fileExists(atPath: backupURL.path) {
            attempt += 1
            backupURL = fileURL.appendingPathExtension("corrupt-\(stamp)-\(attempt)")
        }
        do {
            try FileManager.default.moveItem(at: fileURL, to: backupURL)
        } catch {
            guard case let .corruptFile(path, what) = damage else { throw damage }
            throw .corruptFile(
                path: path, reason: "\(what) Keeping it as \(backupURL.path) failed: \(reason(error))")
        }
        return backupURL
    }

    private static func backupTimestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
        return formatter.string(from: date)
    }

    private static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        return (underlying ?? error as NSError).localizedDescription
    }
}

/// A damaged library file that was moved aside so the app could start with the games it could
/// still read.
public struct GameLibraryRecovery: Equatable, Sendable {
    public let problem: GameLibraryError
    public let backupURL: URL
    /// How many of its games the new library holds.
    public let keptGames: Int

    /// What to tell the user: what became of the games first, the folder last, as a small
    /// terminal shows only the start of a long message.
    public var message: String {
        let damage = if case .corruptFile(_, let reason) = problem { "The game library is damaged: \(reason)" } else { problem.localizedDescription }
        let kept = switch keptGames {
        case 0: "A new, empty library was started"
        case 1: "The one game that could be read carries on"
        default: "The \(keptGames) games that could be read carry on"
        }
        let folder = backupURL.deletingLastPathComponent().path
        return "\(damage) \(kept); the file is kept as \(backupURL.lastPathComponent) in \(folder)."
    }
}

import Foundation
import Testing
@testable import Scoreboard

@MainActor
@Suite("File game library")
struct FileGameLibraryTests {
    @Test("Games survive a restart: a new library on the same file sees every change")
    func survivesRestart() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("scoreboard.json")
        let kept = Game.sample(), removed = Game.sample()
        do {
            let library = try FileGameLibrary(fileURL: file)
            try library.add(kept)
            try library.add(removed)
            var played = kept
            try played.tie(at: 2)
            try played.addMove(.foul, by: played.firstAwayPlayer)
            played.addPlayingTime(.milliseconds(61_200))
            try library.update(played)
            try library.remove(id: removed.id)
        }

        let reopened = try FileGameLibrary(fileURL: file)

        let game = try #require(reopened.games.first)
        #expect(reopened.games.count == 1)
        #expect(game.id == kept.id)
        #expect((game.homeTeamScore, game.awayTeamScore) == (2, 2))
        #expect(game.moveCount(of: .foul, by: game.firstAwayPlayer) == 1)
        #expect(game.playingTime == .milliseconds(61_200))
    }

    @Test("Two apps on one library keep each other's games; a game removed by one is gone for the other")
    func twoAppsOnOneLibrary() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("scoreboard.json")
        let first = try FileGameLibrary(fileURL: file)
        let second = try FileGameLibrary(fileURL: file)
        let firstGame = Game.sample(), secondGame = Game.sample()
        try first.add(firstGame)
        try second.add(secondGame)
        var played = firstGame
        try played.tie(at: 3)
        try first.update(played)
        #expect(first.games.map(\.id) == [firstGame.id, secondGame.id])
        #expect(try FileGameLibrary(fileURL: file).games.map(\.homeTeamScore) == [3, 0])

        try second.remove(id: firstGame.id)
        #expect(throws: GameLibraryError.gameNotFound) { try first.update(played) }
        #expect(try FileGameLibrary(fileURL: file).games.map(\.id) == [secondGame.id])
    }

    /// Two windows on one game: each move is made to the game as the file holds it, so neither
    /// window's moves are lost, and each sees the other's with its own next change. (Each saved
    /// its whole copy before, and the game switched between the two windows' versions.)
    @Test("Two apps on one game keep each other's moves, the clock's time too")
    func twoAppsOnOneGame() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("scoreboard.json")
        let game = Game.sample()
        try FileGameLibrary(fileURL: file).add(game)
        let first = GameSession(game: game, library: try FileGameLibrary(fileURL: file))
        let second = GameSession(game: game, library: try FileGameLibrary(fileURL: file))

        try second.record(.twoPoints, by: game.firstHomePlayer)
        try second.record(.twoPoints, by: game.firstHomePlayer)
        try first.record(.onePoint, by: game.firstAwayPlayer)
        #expect((first.game.homeTeamScore, first.game.awayTeamScore) == (4, 1), "the other window's moves show with this one's")
        first.addPlayingTime(.seconds(5))  // the window closes: its clock's time is saved
        #expect(second.undoLastMove())  // takes back the latest move of the game, the first window's point
        #expect((second.game.homeTeamScore, second.game.awayTeamScore) == (4, 0))

        let saved = try #require(try FileGameLibrary(fileURL: file).game(id: game.id))
        #expect(saved.moves.count == 2)
        #expect((saved.homeTeamScore, saved.awayTeamScore) == (4, 0))
        #expect(saved.playingTime == .seconds(5))
    }

    @Test("A missing file is an empty library; its folder is made on the first save")
    func missingFileAndFolder() throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("data/friends/scoreboard.json")
        let library = try FileGameLibrary(fileURL: file)
        #expect(library.games.isEmpty)

        try library.add(Game.sample())

        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    @Test("Saving replaces the file whole: no temporary file is left beside it")
    func savesLeaveOnlyTheLibraryFile() throws {
        let directory = try TemporaryDirectory()
        let library = try FileGameLibrary(fileURL: directory.file("scoreboard.json"))
        for _ in 0..<5 {
            try library.add(Game.sample())
        }

        #expect(try directory.fileNames() == ["scoreboard.json"])
        let text = try String(contentsOf: directory.file("scoreboard.json"), encoding: .utf8)
        #expect(text.contains("\"formatVersion\" : 1"))
    }

    @Test("A failed save is a clear error; the library and the file keep what they had")
    func failedSaveChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let blocker = directory.file("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let file = blocker.appendingPathComponent("scoreboard.json")
        let library = try FileGameLibrary(fileURL: file)

        let error = #expect(throws: GameLibraryError.self) { try library.add(Game.sample()) }

        guard case let .couldNotSave(path, _) = error else {
            Issue.record("expected couldNotSave, got \(String(describing: error))")
            return
        }
        #expect(path == file.path)
        #expect(error?.localizedDescription.hasPrefix("The game could not be saved to \(file.path): ") == true)
        #expect(library.games.isEmpty)
    }

    @Test("A damaged file is an error naming the file, and is left untouched")
    func damagedFileIsAnError() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("scoreboard.json")
        try Data("{\"formatVersion\": 1, \"games\": [{\"id\": ".utf8).write(to: file)

        #expect(throws: GameLibraryError.corruptFile(path: file.path, reason: "it is not valid JSON.")) {
            try FileGameLibrary(fileURL: file)
        }
        #expect(try directory.fileNames() == ["scoreboard.json"])
    }

    @Test("A damaged file is kept as a backup and the library starts empty, saying so")
    func damagedFileIsMovedAside() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("scoreboard.json")
        let damaged = Data("not json at all".utf8)
        try damaged.write(to: file)
        let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 11:06:40 UTC

        let (library, recovery) = try FileGameLibrary.openRecoveringFromDamage(fileURL: file, now: now)

        let backup = directory.file("scoreboard.json.corrupt-20261118T110640Z")
        #expect(library.games.isEmpty)
        #expect(recovery?.backupURL.path == backup.path)
        #expect(try Data(contentsOf: backup) == damaged)
        #expect(recovery?.message == """
            The game library is damaged: it is not valid JSON. A new, empty library was started; \
            the file is kept as scoreboard.json.corrupt-20261118T110640Z in \(directory.url.path).
            """)

        try library.add(Game.sample())
        #expect(try FileGameLibrary(fileURL: file).games.count == 1)
        #expect(try directory.fileNames() == ["scoreboard.json", "scoreboard.json.corrupt-20261118T110640Z"])
    }

    @Test("One bad game costs only itself: the others are in the new library, the file kept whole as a backup")
    func oneBadGameCostsOnlyItself() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("scoreboard.json")
        var played = Game.sample()
        try played.addMove(.twoPoints, by: played.firstHomePlayer)
        let games = [Game.sample(), played, Game.sample()]
        let text = try String(decoding: GameLibraryFile(games: games).encoded(), as: UTF8.self)
        let damaged = Data(text.replacingOccurrences(of: "twoPoints", with: "dunk").utf8)
        try damaged.write(to: file)
        let now = Date(timeIntervalSince1970: 1_795_000_000)

        let (library, recovery) = try FileGameLibrary.openRecoveringFromDamage(fileURL: file, now: now)

        let backup = directory.file("scoreboard.json.corrupt-20261118T110640Z")
        #expect(library.games.map(\.id) == [games[0].id, games[2].id])
        #expect(try FileGameLibrary(fileURL: file).games.map(\.id) == [games[0].id, games[2].id])
        #expect(try Data(contentsOf: backup) == damaged)
        #expect(recovery?.message == """
            The game library is damaged: a value is not one Scoreboard knows (at games[1].moves[0].move). \
            The 2 games that could be read carry on; the file is kept as scoreboard.json.corrupt-20261118T110640Z \
            in \(directory.url.path).
            """)
    }

    @Test("A game written twice keeps the copy further along")
    func aGameWrittenTwiceKeepsTheCopyFurtherAlong() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("scoreboard.json")
        let started = Game.sample(), other = Game.sample()
        var played = started
        try played.addMove(.twoPoints, by: played.firstHomePlayer)
        try played.addMove(.foul, by: played.firstAwayPlayer)
        try GameLibraryFile(games: [started, other, played]).encoded().write(to: file)

        let (library, recovery) = try FileGameLibrary.openRecoveringFromDamage(fileURL: file)

        #expect(library.games.map(\.id) == [started.id, other.id])
        #expect(library.games.first?.moves.count == 2)
        #expect(recovery?.keptGames == 2)
    }

    @Test("A second damaged file in the same second gets its own backup name")
    func backupsDoNotOverwriteEachOther() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("scoreboard.json")
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        try Data("first".utf8).write(to: file)
        _ = try FileGameLibrary.openRecoveringFromDamage(fileURL: file, now: now)
        try Data("second".utf8).write(to: file)

        let (_, recovery) = try FileGameLibrary.openRecoveringFromDamage(fileURL: file, now: now)

        #expect(recovery?.backupURL.lastPathComponent == "scoreboard.json.corrupt-20261118T110640Z-2")
        #expect(try String(contentsOf: directory.file("scoreboard.json.corrupt-20261118T110640Z"), encoding: .utf8)
            == "first")
    }

    @Test("Valid JSON that is not a library names what is wrong")
    func wrongShapeNamesTheProblem() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("scoreboard.json")
        try Data("{\"formatVersion\": 1}".utf8).write(to: file)

        #expect(throws: GameLibraryError.corruptFile(path: file.path, reason: "\"games\" is missing (at games).")) {
            try FileGameLibrary(fileURL: file)
        }
        // Said in words, not in the decoder's: "wrong type (at )" and "Cannot initialize PlayerMove…".
        try Data("[]".utf8).write(to: file)
        #expect(throws: GameLibraryError.corruptFile(path: file.path, reason: "it holds JSON, but not a game library.")) {
            try FileGameLibrary(fileURL: file)
        }
        var played = Game.sample()
        try played.addMove(.twoPoints, by: played.firstHomePlayer)
        let text = try String(decoding: GameLibraryFile(games: [played]).encoded(), as: UTF8.self)
        try Data(text.replacingOccurrences(of: "twoPoints", with: "dunk").utf8).write(to: file)
        #expect(throws: GameLibraryError.corruptFile(path: file.path, reason: "a value is not one Scoreboard knows (at games[0].moves[0].move).")) {
            try FileGameLibrary(fileURL: file)
        }
    }

    @Test("A folder where the library's file should be is said so")
    func aFolderInPlaceOfTheFile() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("scoreboard.json")
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        #expect(throws: GameLibraryError.couldNotRead(path: file.path, reason: "it is a folder, not a file.")) {
            try FileGameLibrary(fileURL: file)
        }
    }

    @Test("A file from a newer version is not taken for damage and is never moved")
    func newerFormatIsLeftAlone() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("scoreboard.json")
        try Data("{\"formatVersion\": 2, \"games\": \"elsewhere\"}".utf8).write(to: file)

        #expect(throws: GameLibraryError.couldNotRead(
            path: file.path, reason: "it was written by a newer version of Scoreboard (format 2).")
        ) {
            try FileGameLibrary.openRecoveringFromDamage(fileURL: file)
        }
        #expect(try directory.fileNames() == ["scoreboard.json"])
    }
}

import ArgumentParser
import Foundation
import ScoreboardTerminal

@main
struct ScoreboardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scoreboard",
        abstract: "Keep score of a pickup basketball game: two teams of three, first to 15 by two.")

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The game library file.",
            discussion: "Default: $XDG_DATA_HOME/friends/scoreboard.json, or ~/.local/share/friends/scoreboard.json.",
            valueName: "path"))
    var library: String?

    /// A file named by hand goes in a folder that is there: a mistyped one would be made, and
    /// the games saved where nobody looks (only the default folder is made when missing).
    func validate() throws {
        guard let library else { return }
        let folder = URL(fileURLWithPath: library).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError("--library \(library): the folder \(folder) does not exist.")
        }
    }

    func run() async throws {
        do {
            try await ScoreboardLauncher.run(libraryFile: library.map { URL(fileURLWithPath: $0) })
        } catch {
            let message = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
            FileHandle.standardError.write(Data("scoreboard: \(message)\n".utf8))
            throw ExitCode.failure
        }
    }
}

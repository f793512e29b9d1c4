import ArgumentParser
import Foundation
import FriendsClient
import Logging

/// `friends import FILE…`: adds (or, by UID, updates) the friends of vCard files.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add friends from vCard files (.vcf: vCard 2.1, 3.0 or 4.0); a card whose UID is known updates that friend.",
        discussion: """
            Exit status: 0 when every card was kept, 1 when some cards were refused (each is \
            listed with its file, position and reason), 2 when the files or the FriendService \
            could not be used.
            """
    )

    @OptionGroup var options: BackendOptions

    @Argument(help: ArgumentHelp("The vCard files to import.", valueName: "file"))
    var files: [String]

    func run() async throws {
        LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
        let outcome = await CardCommandRun.run(options) { url, credentials in
            try await CardImporter(server: url, credentials: credentials, progress: ProgressLine.standardError()).importFiles(files)
        }
        switch outcome {
        case .success(let summary):
            print(summary.text)
            if summary.failed > 0 { throw ExitCode(1) }
        case .failure(let error):
            FileHandle.standardError.write(Data("friends import: \(error)\n".utf8))
            throw ExitCode(2)
        }
    }
}

/// `friends export [FILE]`: every friend as one vCard file, or on standard output.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every friend as vCards (one .vcf file) to FILE, or to standard output.",
        discussion: "Exit status: 0 when written, 2 when the file or the FriendService could not be used."
    )

    @OptionGroup var options: BackendOptions

    @Argument(help: ArgumentHelp("Where to write; standard output when left out.", valueName: "file"))
    var file: String?

    @Option(help: ArgumentHelp("Only the friends this search finds, as in the app.", valueName: "text"))
    var search: String?

    func run() async throws {
        LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
        let outcome = await CardCommandRun.run(options) { url, credentials in
            try await CardExporter(server: url, credentials: credentials, progress: ProgressLine.standardError()).export(to: file, search: search)
        }
        switch outcome {
        case .success(let count):
            if file != nil { print("Exported \(count) \(count == 1 ? "friend" : "friends") to \(file ?? "").") }
        case .failure(let error):
            FileHandle.standardError.write(Data("friends export: \(error)\n".utf8))
            throw ExitCode(2)
        }
    }
}

/// Starts the embedded FriendService when there is no `--server`, runs `body` against it, and
/// stops it again whatever happened.
enum CardCommandRun {
    static func run<T: Sendable>(
        _ options: BackendOptions, _ body: (URL, Credentials?) async throws -> T
    ) async -> Result<T, any Error> {
        let endpoint: (url: URL, credentials: Credentials?, embedded: EmbeddedFriendService?)
        do {
            endpoint = try await options.backend().endpoint()
        } catch {
            return .failure(error)
        }
        let outcome: Result<T, any Error>
        do {
            outcome = .success(try await body(endpoint.url, endpoint.credentials))
        } catch {
            outcome = .failure(error)
        }
        await endpoint.embedded?.shutdown()
        return outcome
    }
}

import ArgumentParser
import Foundation
import FriendsClient
import FriendsNIOTransport
import Logging

/// `friends import FILE…`: adds (or, by UID, updates) the friends of vCard files.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add friends from vCard files (.vcf: vCard 2.1, 3.0 or 4.0); a card whose UID is known updates that friend.",
        discussion: """
            Exit status: 0 when every card was kept, 1 when some cards were refused (each is \
            listed with its file, position and reason), 2 when the files or the FriendService \
            could not be used, 64 for a mistyped option, 130 after Ctrl-C and 143 after SIGTERM \
            (each says what was kept by then).
            """
    )

    @OptionGroup var options: BackendOptions

    @Argument(help: ArgumentHelp("The vCard files to import.", valueName: "file"))
    var files: [String]

    @Option(help: ArgumentHelp(
        "The character set of files that are not UTF-8 (windows-1252, iso-8859-1); without it, files are read as UTF-8. A file with a byte order mark is read as the mark says (UTF-16, UTF-8).",
        valueName: "name"
    ))
    var charset: String?

    func run() async throws {
        LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
        let (files, charset) = (files, charset)
        let outcome = await CardCommandRun.run(options) { url, credentials in
            var importer = CardImporter(
                server: url, credentials: credentials, transport: NIOHTTPTransport(), progress: ProgressLine.standardError()
            )
            importer.charset = charset
            return try await importer.importFiles(files)
        }
        switch outcome.result {
        case .success(let summary):
            print(summary.text)
            if summary.failed > 0 { throw ExitCode(1) }
        case .failure(let error):
            FileHandle.standardError.write(Data("friends import: \(error)\n".utf8))
            throw ExitCode(outcome.signalStatus ?? 2)
        }
    }
}

/// `friends export [FILE]`: every friend as one vCard file, or on standard output.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every friend as vCards (one .vcf file) to FILE, or to standard output.",
        discussion: "Exit status: 0 when written, 2 when the file or the FriendService could not be used, 64 for a mistyped option, 130 after Ctrl-C, 143 after SIGTERM."
    )

    @OptionGroup var options: BackendOptions

    @Argument(help: ArgumentHelp("Where to write; standard output when left out or -.", valueName: "file"))
    var file: String?

    @Option(help: ArgumentHelp("Only the friends this search finds, as in the app.", valueName: "text"))
    var search: String?

    @Option(help: ArgumentHelp(
        "Every card in this vCard version (3.0 for Apple's Contacts and most apps, or 4.0); without it, each card as it came (2.1, 3.0 or 4.0).",
        valueName: "version"
    ))
    var vcardVersion: CardFileVersion?

    func run() async throws {
        LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
        let (file, search, version) = (file == "-" ? nil : file, search, vcardVersion)
        let outcome = await CardCommandRun.run(options) { url, credentials in
            var exporter = CardExporter(
                server: url, credentials: credentials, transport: NIOEventStreamTransport(), progress: ProgressLine.standardError()
            )
            exporter.version = version
            return try await exporter.export(to: file, search: search)
        }
        switch outcome.result {
        case .success(let count):
            if let file { print("Exported \(count) \(count == 1 ? "friend" : "friends") to \(file)\(version.map { " in \($0.name)" } ?? "").") }
        case .failure(let error):
            FileHandle.standardError.write(Data("friends export: \(error)\n".utf8))
            throw ExitCode(outcome.signalStatus ?? 2)
        }
    }
}

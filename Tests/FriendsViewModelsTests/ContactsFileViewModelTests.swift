import Foundation
import FriendsAPI
import FriendsClient
import TestSupport
import Testing
@testable import FriendsViewModels

/// Export and Import as a person sees them: a file out, a file in and what became of each card.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct ContactsFileViewModelTests {
    actor FakeCards: CardExchanging {
        var imports: [Result<ImportReport, AppServerError>] = []
        var exported: Result<Data, AppServerError> = .success(Data())
        private(set) var received: [Data] = []
        private(set) var characterSets: [String?] = []
        private(set) var versionsAsked: [CardFileVersion?] = []

        func willImport(_ outcome: Result<ImportReport, AppServerError>) { imports.append(outcome) }
        func willExport(_ outcome: Result<Data, AppServerError>) { exported = outcome }

        func exportCards(in version: CardFileVersion?) async throws(AppServerError) -> Data {
            versionsAsked.append(version)
            return try exported.get()
        }

        func importCards(_ data: Data, characterSet: String?) async throws(AppServerError) -> ImportReport {
            received.append(data)
            characterSets.append(characterSet)
            return try imports.removeFirst().get()
        }
    }

    let cards = FakeCards()

    @Test func anImportSaysHowManyCardsWentWhereWhyOnesWereRefusedAndWhatOthersDoNotShow() async {
        let failure = ImportReport.Failure(index: 3, name: "Grace Hopper", reason: "The card ends without END:VCARD.")
        let remark = ImportReport.Remark(index: 1, name: "Ada", remark: "Its birthday \"soon\" is not a date Friends can show; the card keeps it.")
        await cards.willImport(.success(ImportReport(created: 2, updated: 0, unchanged: 1, failed: [failure], remarks: [remark])))
        let viewModel = ContactsFileViewModel(cards: cards)
        let importing = Recorder(viewModel.isImporting)
        let summaries = Recorder(viewModel.summary)
        let imported = EventRecorder<Void>()
        viewModel.onImported = { imported.record(()) }

        viewModel.importRequested(filename: "contacts.vcf", data: Data("BEGIN:VCARD".utf8))
        await viewModel.importing.task?.value

        #expect(importing.values == [false, true, false])
        #expect(summaries.values == [nil, ContactsFileViewModel.Summary(
            headline: "Imported 3 cards.", counts: ["2 created", "0 updated", "1 unchanged", "1 not imported"], failures: [failure],
            remarks: [remark]
        )])
        #expect(imported.values.count == 1)
        #expect(await cards.received == [Data("BEGIN:VCARD".utf8)])
    }

    /// A file saved on Windows is sent saying so, and the page shows that choice for the next file; UTF-8,
    /// the default, names none; a character set not on the list sends nothing.
    @Test func aFileIsSentInTheCharacterSetChosen() async {
        let viewModel = ContactsFileViewModel(cards: cards)
        #expect(ContactsFileViewModel.fileEncodings.first?.name == "utf-8" && viewModel.fileEncoding.value == "utf-8")
        let latin = Data([0x42, 0x45, 0x47, 0x49, 0x4E, 0x3A, 0xE9])
        await cards.willImport(.success(ImportReport(created: 1)))
        viewModel.importRequested(filename: "outlook.vcf", data: latin, encoding: "windows-1252")
        await viewModel.importing.task?.value
        #expect(viewModel.fileEncoding.value == "windows-1252")
        await cards.willImport(.success(ImportReport(created: 1)))
        viewModel.importRequested(filename: "phone.vcf", data: Data("BEGIN:VCARD".utf8))
        await viewModel.importing.task?.value
        #expect(await cards.characterSets == ["windows-1252", nil])

        viewModel.importRequested(filename: "odd.vcf", data: latin, encoding: "klingon")
        #expect(viewModel.errorMessage.value == "Choose the file's character set from the list.")
        #expect(await cards.received.count == 2)
    }

    /// Contact groups are kept for contact apps, but are no friends: counted apart, and a file of
    /// groups alone leaves the lists alone.
    @Test func theGroupsOfAFileAreCountedApartFromItsFriends() async {
        await cards.willImport(.success(ImportReport(created: 2, groups: ImportReport.Groups(created: 1))))
        let viewModel = ContactsFileViewModel(cards: cards)
        let imported = EventRecorder<Void>()
        viewModel.onImported = { imported.record(()) }

        viewModel.importRequested(filename: "contacts.vcf", data: Data("BEGIN:VCARD".utf8))
        await viewModel.importing.task?.value
        #expect(viewModel.summary.value == ContactsFileViewModel.Summary(
            headline: "Imported 3 cards.", counts: ["2 created", "0 updated", "0 unchanged", "1 contact group"], failures: [], remarks: []
        ))
        #expect(imported.values.count == 1)

        await cards.willImport(.success(ImportReport(groups: ImportReport.Groups(created: 1, unchanged: 2))))
        viewModel.importRequested(filename: "groups.vcf", data: Data("BEGIN:VCARD".utf8))
        await viewModel.importing.task?.value
        #expect(viewModel.summary.value == ContactsFileViewModel.Summary(
            headline: "Imported 3 cards.", counts: ["0 created", "0 updated", "0 unchanged", "3 contact groups"], failures: [], remarks: []
        ))
        #expect(imported.values.count == 1)
    }

    @Test(arguments: [
        (ImportReport(groups: ImportReport.Groups(unchanged: 2)), "Nothing new: the 2 cards were here already."),
        (ImportReport(created: 0, updated: 0, unchanged: 63, failed: []), "Nothing new: the 63 cards were here already."),
        (ImportReport(created: 0, updated: 0, unchanged: 1, failed: []), "Nothing new: the card was here already."),
        (ImportReport(created: 0, updated: 0, unchanged: 40, failed: [.init(index: 2, name: "A", reason: "R")]), "Nothing new: 40 cards were here already."),
        (ImportReport(created: 0, updated: 0, unchanged: 1, failed: [.init(index: 2, name: "A", reason: "R")]), "Nothing new: 1 card was here already."),
        (ImportReport(created: 0, updated: 1, unchanged: 62, failed: []), "Imported 63 cards."),
        (ImportReport(created: 0, updated: 0, unchanged: 0, failed: []), "No card was imported."),
    ])
    func aFileImportedAgainSaysNothingIsNewRatherThanThatItWasImported(report: ImportReport, headline: String) {
        #expect(ContactsFileViewModel.summary(of: report).headline == headline)
    }

    @Test func noFileOrAnEmptyOneIsSaidWithoutAsking() async {
        let viewModel = ContactsFileViewModel(cards: cards)
        let errors = Recorder(viewModel.errorMessage)
        viewModel.importRequested(filename: "", data: Data())
        viewModel.importRequested(filename: "empty.vcf", data: Data())
        #expect(errors.values == [nil, "Choose a vCard file (.vcf) to import.", "empty.vcf is empty."])
        #expect(await cards.received.isEmpty)
    }

    @Test func aRefusedFileOrAnUnreachableServerIsSaid() async {
        await cards.willImport(.failure(.invalid(message: "The body holds no vCard.", fields: [:])))
        await cards.willImport(.failure(.unreachable))
        let viewModel = ContactsFileViewModel(cards: cards)
        let errors = Recorder(viewModel.errorMessage)
        viewModel.importRequested(filename: "notes.txt", data: Data("hello".utf8))
        await viewModel.importing.task?.value
        viewModel.importRequested(filename: "notes.txt", data: Data("hello".utf8))
        await viewModel.importing.task?.value
        #expect(errors.values == [
            nil, "The file could not be imported: The body holds no vCard.", nil,
            "Could not connect to server. Check your network and try again later.",
        ])
    }

    @Test func anExportIsTheFileOrWhyThereIsNone() async {
        await cards.willExport(.success(Data("BEGIN:VCARD\r\nEND:VCARD\r\n".utf8)))
        let viewModel = ContactsFileViewModel(cards: cards)
        #expect(await viewModel.exportRequested() == .file(Data("BEGIN:VCARD\r\nEND:VCARD\r\n".utf8), filename: "friends.vcf"))
        await cards.willExport(.failure(.unauthorized))
        #expect(await viewModel.exportRequested() == .failed("Please login to export your friends."))
        await cards.willExport(.failure(.unreachable))
        #expect(await viewModel.exportRequested() == .failed("Could not export your friends. Check your network and try again later."))
        await cards.willExport(.failure(.throttled(message: "Too many failed sign-ins: try again in 9 s.", retryAfter: 9)))
        #expect(await viewModel.exportRequested() == .failed("Too many failed sign-ins: try again in 9 s."))
    }

    @Test func anExportInOneVersionAsksForItAndSaysWhenTheServiceCannotWriteIt() async {
        await cards.willExport(.success(Data("BEGIN:VCARD\r\nVERSION:3.0\r\nEND:VCARD\r\n".utf8)))
        let viewModel = ContactsFileViewModel(cards: cards)
        #expect(await viewModel.exportRequested(in: .version3) == .file(Data("BEGIN:VCARD\r\nVERSION:3.0\r\nEND:VCARD\r\n".utf8), filename: "friends.vcf"))
        _ = await viewModel.exportRequested()
        #expect(await cards.versionsAsked == [.version3, nil])
        await cards.willExport(.failure(.undecodable))
        #expect(await viewModel.exportRequested(in: .version4) == .failed(
            "Could not export your friends in vCard 4.0: this Friends service gives each card as it came. Update it, or export each card as it came."
        ))
    }

    @Test func theVersionsGoRoundFromEachCardAsItCame() {
        let viewModel = ContactsFileViewModel(cards: cards)
        let versions = Recorder(viewModel.exportVersion)
        #expect(ContactsFileViewModel.exportVersions.map(\.version) == [nil, .version3, .version4])
        #expect(viewModel.exportVersionChoice.title == "Each card as it came")
        for _ in 0..<3 { viewModel.nextExportVersionChosen() }
        viewModel.exportVersionChosen(.version4)
        #expect(versions.values == [nil, .version3, .version4, nil, .version4])
        #expect(viewModel.exportVersionChoice.title == "vCard 4.0")
    }

    /// The Friends service on this computer (the built-in one, or one on localhost): the network is not to blame.
    @Test func aServiceOnThisMachineThatDoesNotAnswerIsNotBlamedOnTheNetwork() async {
        let local = LocalCards(base: cards)
        await cards.willExport(.failure(.unreachable))
        await cards.willImport(.failure(.unreachable))
        let viewModel = ContactsFileViewModel(cards: local)
        #expect(await viewModel.exportRequested()
            == .failed("Could not export your friends: this app's Friends service did not answer. Try again later."))
        let errors = Recorder(viewModel.errorMessage)
        viewModel.importRequested(filename: "a.vcf", data: Data("BEGIN:VCARD\r\nEND:VCARD\r\n".utf8))
        await viewModel.importing.task?.value
        #expect(errors.values.last == "Could not connect to this app's Friends service. Try again later.")
    }

    struct LocalCards: CardExchanging {
        let base: FakeCards
        var isOnThisMachine: Bool { true }
        func exportCards(in version: CardFileVersion?) async throws(AppServerError) -> Data { try await base.exportCards(in: version) }
        func importCards(_ data: Data, characterSet: String?) async throws(AppServerError) -> ImportReport {
            try await base.importCards(data, characterSet: characterSet)
        }
    }
}

/// Export and Import of a file named by its path, as the terminal app does them.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct ContactsFilePathTests {
    typealias FakeCards = ContactsFileViewModelTests.FakeCards

    /// Files in memory: what was written where, and what reading a path gives.
    final class FakeFiles: @unchecked Sendable {
        var stored: [String: Data] = [:]
        var folders: Set<String> = []

        var files: LocalFiles {
            LocalFiles(
                read: { [self] path throws(LocalFiles.Failure) in
                    guard let data = stored[path] else { throw LocalFiles.Failure("Cannot read \(path).") }
                    return data
                },
                write: { [self] data, path throws(LocalFiles.Failure) in
                    guard !path.hasPrefix("/nowhere/") else { throw LocalFiles.Failure("Cannot write \(path).") }
                    stored[path] = data
                },
                item: { [self] path in
                    folders.contains(path) ? .folder : stored[path] != nil ? .file : .nothing
                }
            )
        }
    }

    let cards = FakeCards()
    let disk = FakeFiles()

    @Test func anExportWritesTheFileAndSaysWhere() async {
        let card = Data("BEGIN:VCARD\r\nEND:VCARD\r\n".utf8)
        await cards.willExport(.success(card))
        let viewModel = ContactsFileViewModel(cards: cards, files: disk.files)
        let exporting = Recorder(viewModel.isExporting)
        let messages = Recorder(viewModel.savedExport)

        viewModel.exportRequested(toPath: " friends.vcf ")
        await viewModel.exporting.task?.value

        #expect(disk.stored == ["friends.vcf": card])
        #expect(exporting.values == [false, true, false])
        #expect(messages.values == [nil, .written(path: "friends.vcf", friends: 1)])
        #expect(messages.values.last??.message == "Exported 1 friend to friends.vcf.")
    }

    @Test func anExportToAPathWritesTheVersionChosen() async {
        await cards.willExport(.success(Data("BEGIN:VCARD\r\nVERSION:4.0\r\nEND:VCARD\r\n".utf8)))
        let viewModel = ContactsFileViewModel(cards: cards, files: disk.files)
        viewModel.exportVersionChosen(.version4)
        viewModel.exportRequested(toPath: "friends.vcf")
        await viewModel.exporting.task?.value
        #expect(await cards.versionsAsked == [.version4])
        #expect(viewModel.savedExport.value == .written(path: "friends.vcf", friends: 1, version: .version4))
        #expect(viewModel.savedExport.value?.message == "Exported 1 friend to friends.vcf in vCard 4.0.")
    }

    @Test func theExportSaysHowManyFriendsItWrote() {
        let cards = Data("""
            BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nAGENT:BEGIN:VCARD\\nFN:Agent\\nEND:VCARD\r\nEND:VCARD\r\n\
            begin:vcard\r\nFN:Grace\r\nend:vcard\nBEGIN:VCARD\nFN:Alan\nEND:VCARD\n
            """.utf8)
        #expect(ContactsFileViewModel.SavedExport.cardCount(in: cards) == 3)
        #expect(ContactsFileViewModel.SavedExport.written(path: "all.vcf", friends: 5_012).message == "Exported 5012 friends to all.vcf.")
    }

    @Test func anExportThatCannotBeWrittenOrFetchedSaysWhy() async {
        await cards.willExport(.success(Data("BEGIN:VCARD".utf8)))
        let viewModel = ContactsFileViewModel(cards: cards, files: disk.files)
        let messages = Recorder(viewModel.savedExport)

        viewModel.exportRequested(toPath: "")
        viewModel.exportRequested(toPath: "/nowhere/friends.vcf")
        await viewModel.exporting.task?.value
        await cards.willExport(.failure(.unauthorized))
        viewModel.exportRequested(toPath: "friends.vcf")
        await viewModel.exporting.task?.value

        #expect(messages.values.map { $0?.message } == [
            nil, "Type the path of the file to write, like friends.vcf.", nil, "Cannot write /nowhere/friends.vcf.",
            nil, "Please login to export your friends.",
        ])
        #expect(disk.stored.isEmpty)
    }

    @Test func anExportOntoAFileThatIsThereAsksBeforeReplacingIt() async {
        let old = Data("old".utf8)
        let card = Data("BEGIN:VCARD\r\nEND:VCARD\r\n".utf8)
        disk.stored["friends.vcf"] = old
        await cards.willExport(.success(card))
        let viewModel = ContactsFileViewModel(cards: cards, files: disk.files)
        let questions = Recorder(viewModel.replaceConfirmation)
        let exporting = Recorder(viewModel.isExporting)

        viewModel.exportRequested(toPath: "friends.vcf")
        #expect(viewModel.exporting.task == nil, "nothing is fetched before the answer")
        viewModel.replaceCancelled()
        viewModel.replaceConfirmed()
        #expect(disk.stored == ["friends.vcf": old])
        #expect(exporting.values == [false])

        viewModel.exportRequested(toPath: "friends.vcf")
        viewModel.replaceConfirmed()
        await viewModel.exporting.task?.value

        let question = ConfirmationPrompt(title: "Replace File", message: "friends.vcf exists. Replace it?", confirmTitle: "Replace")
        #expect(questions.values == [nil, question, nil, question, nil])
        #expect(disk.stored == ["friends.vcf": card])
        #expect(viewModel.savedExport.value == .written(path: "friends.vcf", friends: 1))
    }

    @Test func anExportToAFolderSaysItIsAFolder() async {
        disk.folders = ["Downloads", "/tmp/"]
        let viewModel = ContactsFileViewModel(cards: cards, files: disk.files)
        let messages = Recorder(viewModel.savedExport)

        viewModel.exportRequested(toPath: "Downloads")
        viewModel.exportRequested(toPath: "/tmp/")

        #expect(messages.values.map { $0?.message } == [
            nil, "Downloads is a folder. Type a file's path, like Downloads/friends.vcf.",
            "/tmp/ is a folder. Type a file's path, like /tmp/friends.vcf.",
        ])
        #expect(viewModel.replaceConfirmation.value == nil)
        #expect(viewModel.exporting.task == nil)
        #expect(disk.stored.isEmpty)
    }

    @Test func anImportReadsTheFileAtThePath() async {
        disk.stored["contacts.vcf"] = Data("BEGIN:VCARD".utf8)
        await cards.willImport(.success(ImportReport(created: 1, updated: 0, unchanged: 0, failed: [])))
        let viewModel = ContactsFileViewModel(cards: cards, files: disk.files)
        let summaries = Recorder(viewModel.summary)
        let errors = Recorder(viewModel.errorMessage)

        disk.folders = ["Downloads"]
        viewModel.importRequested(path: "")
        viewModel.importRequested(path: "missing.vcf")
        viewModel.importRequested(path: "Downloads")
        viewModel.importRequested(path: "contacts.vcf")
        await viewModel.importing.task?.value

        #expect(errors.values == [
            nil, "Type the path of a vCard file (.vcf) to import.", "Cannot read missing.vcf.",
            "Downloads is a folder. Type the path of a vCard file (.vcf) in it.", nil,
        ])
        #expect(summaries.values.last??.headline == "Imported 1 card.")
        #expect(await cards.received == [Data("BEGIN:VCARD".utf8)])
    }

    /// A file that is not UTF-8 and names no character set is read as Windows-1252 once the user
    /// says so; UTF-16 is told by its byte order mark, and 2.1 lines that name theirs go as they are.
    @Test func aFileThatIsNotUTF8IsSentInTheCharacterSetItIsIn() async {
        let windows = Data("BEGIN:VCARD\r\nFN:J".utf8) + Data([0xFC]) + Data("rgen\r\nEND:VCARD\r\n".utf8)
        disk.stored["outlook.vcf"] = windows
        disk.stored["android.vcf"] = Data("BEGIN:VCARD\r\nFN;CHARSET=SHIFT_JIS:".utf8) + Data([0x93, 0x63]) + Data("\r\nEND:VCARD\r\n".utf8)
        disk.stored["utf16.vcf"] = Data([0xFF, 0xFE]) + Data("B\0E\0".utf8)
        let viewModel = ContactsFileViewModel(cards: cards, files: disk.files)

        viewModel.importRequested(path: "outlook.vcf")
        #expect(viewModel.encodingConfirmation.value?.title == "Not UTF-8")
        #expect(viewModel.importing.task == nil, "nothing is sent before the answer")
        viewModel.encodingCancelled()
        #expect(viewModel.encodingConfirmation.value == nil)
        #expect(viewModel.errorMessage.value == "outlook.vcf was not imported. Save it as UTF-8, or import it with friends import --charset NAME.")

        for (path, answer) in [("outlook.vcf", true), ("android.vcf", false), ("utf16.vcf", false)] {
            await cards.willImport(.success(ImportReport(created: 1)))
            viewModel.importRequested(path: path)
            #expect((viewModel.encodingConfirmation.value != nil) == answer, "\(path)")
            if answer { viewModel.encodingConfirmed() }
            await viewModel.importing.task?.value
        }
        #expect(await cards.characterSets == ["windows-1252", nil, "utf-16"])
        #expect(await cards.received.first == windows)
    }
}

import Foundation
import FriendsAPI
import FriendsClient
import FriendsViewModels
import TerminalUI
import TestSupport
import Testing
@testable import FriendsTerminal

/// Export and Import in the terminal: keys on the list (and in its `?`), a path to type, the outcome.
@MainActor
@Suite("Export and Import")
struct ContactsFileScreenTests {
    /// FriendService's vCard routes in memory.
    final class FakeCards: CardExchanging {
        let exported: Data
        let report: ImportReport
        private let received = Locked<[Data]>([])
        private let sentIn = Locked<[String?]>([])
        private let versions = Locked<[CardFileVersion?]>([])

        init(exported: Data = Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nEND:VCARD\r\n".utf8), report: ImportReport = FakeCards.report) {
            self.exported = exported
            self.report = report
        }

        var imported: [Data] { received.withLock { $0 } }
        var characterSets: [String?] { sentIn.withLock { $0 } }
        var versionsAsked: [CardFileVersion?] { versions.withLock { $0 } }

        func exportCards(in version: CardFileVersion?) async throws(AppServerError) -> Data {
            versions.withLock { $0.append(version) }
            return exported
        }

        func importCards(_ data: Data, characterSet: String?) async throws(AppServerError) -> ImportReport {
            received.withLock { $0.append(data) }
            sentIn.withLock { $0.append(characterSet) }
            return report
        }

        static let report = ImportReport(created: 2, updated: 1, unchanged: 0, failed: [
            ImportReport.Failure(index: 2, name: "Cut Short", reason: "The card ends without END:VCARD."),
        ], remarks: [
            ImportReport.Remark(index: 3, name: "Acme Plumbing", remark: #"Its birthday "sometime in spring" is not a date Friends can show; the card keeps it."#),
        ])
    }

    static let wide = TerminalSize(rows: 24, columns: 80)

    /// A file in a directory of its own, removed after the test.
    static func withTemporaryDirectory(_ body: (URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("friends-cards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory)
    }

    @Test("the list offers Export and Import when the server exchanges vCards, and says so in ?")
    func keysOnTheList() {
        let plain = FriendsApp(client: FakeFriendsClient(friends: SampleData.friends), redraw: {})
        let exchanging = FriendsApp(client: FakeFriendsClient(friends: SampleData.friends), cards: FakeCards(), redraw: {})

        // Before the list has loaded no friend is shown: nothing to move to, open, edit or delete.
        #expect(plain.keyMap?.entries.map(\.key) == ["a", "r", "/", "q"])
        #expect(exchanging.keyMap?.entries.map { "\($0.key) \($0.label)" }.suffix(3) == ["x Export", "i Import", "q Quit"])
        #expect(plain.handle(.character("i")) == .ignored)
    }

    /// `i` on the list, the path of a file of one card in `directory`, Enter.
    static func importEmmy(
        through cards: some CardExchanging, in directory: URL
    ) throws -> (app: FriendsApp, screen: ContactsFileScreen, file: URL) {
        let file = directory.appendingPathComponent("contacts.vcf")
        try Data("BEGIN:VCARD\r\nFN:Emmy Noether\r\nEND:VCARD\r\n".utf8).write(to: file)
        let app = FriendsApp(client: FakeFriendsClient(friends: SampleData.friends), cards: cards, redraw: {})
        _ = app.handle(.character("i"))
        let screen = try #require(app.stack.top as? ContactsFileScreen)
        _ = app.handle(.paste(file.path))
        _ = app.handle(.enter)
        return (app, screen, file)
    }

    @Test("i opens Import; a file's cards are sent and the report shows what became of each")
    func importAFile() async throws {
        try await Self.withTemporaryDirectory { directory in
            let cards = FakeCards()
            let (app, screen, file) = try Self.importEmmy(through: cards, in: directory)
            #expect(screen.purpose == .importFile)
            await screen.viewModel.isImporting.waitUntil { !$0 }

            #expect(cards.imported == [try Data(contentsOf: file)])
            let lines = app.render(size: Self.wide).lines
            #expect(lines.contains(" Imported 3 cards."))
            #expect(lines.contains(" 2 created, 1 updated, 0 unchanged, 1 not imported"))
            #expect(lines.contains(" Card 2 (Cut Short): The card ends without END:VCARD."))
            _ = app.handle(.escape)
            #expect(app.stack.top is FriendsListScreen)
        }
    }

    /// FriendService's import held until the test lets it answer.
    final class HeldCards: CardExchanging {
        let (gate, release) = AsyncStream<Void>.makeStream()

        func exportCards(in version: CardFileVersion?) async throws(AppServerError) -> Data { Data() }

        func importCards(_ data: Data, characterSet: String?) async throws(AppServerError) -> ImportReport {
            for await _ in gate { break }
            return FakeCards.report
        }
    }

    @Test("Escape while a file is imported stays for its report, then goes back")
    func escapeWhileImporting() async throws {
        try await Self.withTemporaryDirectory { directory in
            let cards = HeldCards()
            let (app, screen, _) = try Self.importEmmy(through: cards, in: directory)
            await screen.viewModel.isImporting.waitUntil { $0 }
            _ = app.handle(.escape)
            #expect(app.stack.top === screen)
            #expect(!app.render(size: Self.wide).lines.contains { $0.contains("Esc Back") })
            cards.release.yield()
            await screen.viewModel.isImporting.waitUntil { !$0 }
            #expect(app.render(size: Self.wide).lines.contains(" Imported 3 cards."))
            _ = app.handle(.escape)
            #expect(app.stack.top is FriendsListScreen)
        }
    }

    @Test("x opens Export with friends.vcf to start with; Enter writes every friend there")
    func exportToAFile() async throws {
        try await Self.withTemporaryDirectory { directory in
            let cards = FakeCards()
            let app = FriendsApp(client: FakeFriendsClient(friends: SampleData.friends), cards: cards, redraw: {})
            _ = app.handle(.character("x"))
            let screen = try #require(app.stack.top as? ContactsFileScreen)
            #expect(screen.path.text == "friends.vcf")
            let path = directory.appendingPathComponent("friends.vcf").path
            _ = app.handle(.ctrl("u"))
            _ = app.handle(.paste(path))
            _ = app.handle(.enter)
            await screen.viewModel.isExporting.waitUntil { !$0 }

            #expect(FileManager.default.contents(atPath: path) == cards.exported)
            let shown = app.render(size: Self.wide).lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            #expect(shown.contains("Exported 1 friend to \(path)."))
        }
    }

    @Test("Tab changes the version Export writes, which the screen shows; Enter asks for it")
    func exportInOneVersion() async {
        let cards = FakeCards()
        let viewModel = ContactsFileViewModel(cards: cards, files: LocalFiles(read: { _ in Data() }, write: { _, _ in }, item: { _ in .nothing }))
        let screen = ContactsFileScreen(.exportFile, viewModel: viewModel, redraw: {})
        #expect(screen.render(size: Self.wide).lines[4].contains("Version   Each card as it came"))
        _ = screen.handle(.tab)
        let shown = screen.render(size: Self.wide)
        #expect(shown.lines[4].contains("Version   vCard 3.0"))
        #expect(shown.lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ").contains("For Apple's Contacts and most other apps."))
        #expect(shown.lines.last?.contains("Tab Version") == true)
        #expect(screen.path.text == "friends.vcf")
        _ = screen.handle(.enter)
        await viewModel.isExporting.waitUntil { !$0 }
        #expect(cards.versionsAsked == [.version3])
        #expect(screen.render(size: Self.wide).lines.contains { $0.contains("Exported 1 friend to friends.vcf in vCard 3.0.") })
    }

    @Test("Export onto a file that is there asks first; Cancel keeps it, Replace writes the new one")
    func exportAsksBeforeReplacing() async throws {
        try await Self.withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("friends.vcf").path
            let old = Data("BEGIN:VCARD\r\nFN:Old\r\nEND:VCARD\r\n".utf8)
            try old.write(to: URL(fileURLWithPath: path))
            let cards = FakeCards()
            let viewModel = ContactsFileViewModel(cards: cards)
            let screen = ContactsFileScreen(.exportFile, viewModel: viewModel, redraw: {})
            _ = screen.handle(.ctrl("u"))
            _ = screen.handle(.paste(path))

            _ = screen.handle(.enter)
            let asking = screen.render(size: Self.wide)
            #expect(asking.lines.joined().contains("friends.vcf exists. Replace it?"))
            #expect(asking.lines.last == " ←→ Choose  ⏎ Confirm  Esc Cancel")
            #expect(screen.keyMap?.title == "Replace File")
            _ = screen.handle(.enter)  // Cancel has the focus
            #expect(viewModel.replaceConfirmation.value == nil)
            #expect(viewModel.isExporting.value == false)
            #expect(FileManager.default.contents(atPath: path) == old)

            _ = screen.handle(.enter)
            _ = screen.handle(.escape)
            #expect(FileManager.default.contents(atPath: path) == old)

            _ = screen.handle(.enter)
            _ = screen.handle(.left)
            _ = screen.handle(.enter)
            await viewModel.isExporting.waitUntil { !$0 }
            #expect(FileManager.default.contents(atPath: path) == cards.exported)
            #expect(viewModel.savedExport.value == .written(path: path, friends: 1))
        }
    }

    @Test("Import of a file that is not UTF-8 asks first; Import reads it as Windows-1252")
    func importAsksBeforeReadingAsWindows1252() async throws {
        try await Self.withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("outlook.vcf").path
            try (Data("BEGIN:VCARD\r\nFN:J".utf8) + Data([0xFC]) + Data("rgen\r\nEND:VCARD\r\n".utf8)).write(to: URL(fileURLWithPath: path))
            let cards = FakeCards()
            let viewModel = ContactsFileViewModel(cards: cards)
            let screen = ContactsFileScreen(.importFile, viewModel: viewModel, redraw: {})
            _ = screen.handle(.paste(path))

            _ = screen.handle(.enter)
            #expect(screen.render(size: Self.wide).lines.joined().contains("outlook.vcf is not UTF-8."))
            #expect(screen.keyMap?.title == "Not UTF-8")
            _ = screen.handle(.escape)
            #expect(viewModel.encodingConfirmation.value == nil && cards.imported.isEmpty)
            #expect(screen.render(size: Self.wide).lines.joined().contains("was not imported. Save it as UTF-8"))

            _ = screen.handle(.enter)
            _ = screen.handle(.left)
            _ = screen.handle(.enter)
            await viewModel.isImporting.waitUntil { !$0 }
            #expect(cards.characterSets == ["windows-1252"])
            #expect(screen.render(size: Self.wide).lines.contains(" Imported 3 cards."))
        }
    }

    @Test("? is typed into the file's path, as any character: the help is not what the path field takes it for")
    func questionMarkInThePath() {
        let app = FriendsApp(client: FakeFriendsClient(friends: SampleData.friends), cards: FakeCards(), redraw: {})
        _ = app.handle(.character("x"))
        #expect(app.keyMap == nil)
        for character in "what?.vcf" { _ = app.handle(.character(character)) }
        #expect(app.render(size: Self.wide).lines.contains { $0.contains("friends.vcfwhat?.vcf") })
    }

    @Test("Export to a folder says it is a folder and writes nothing")
    func exportToAFolder() async throws {
        try await Self.withTemporaryDirectory { directory in
            let viewModel = ContactsFileViewModel(cards: FakeCards())
            let screen = ContactsFileScreen(.exportFile, viewModel: viewModel, redraw: {})
            _ = screen.handle(.ctrl("u"))
            _ = screen.handle(.paste(directory.path))
            _ = screen.handle(.enter)

            #expect(viewModel.isExporting.value == false)
            #expect(viewModel.savedExport.value?.message.hasPrefix("\(directory.path) is a folder.") == true)
            let written = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(written.isEmpty)
        }
    }

    @Test("Import's report at every size", arguments: SnapshotFiles.sizes)
    func importReport(size: TerminalSize) async {
        let files = LocalFiles(read: { _ in Data("BEGIN:VCARD".utf8) }, write: { _, _ in })
        let viewModel = ContactsFileViewModel(cards: FakeCards(), files: files)
        let screen = ContactsFileScreen(.importFile, viewModel: viewModel, redraw: {})
        _ = screen.handle(.paste("~/Downloads/contacts.vcf"))
        _ = screen.handle(.enter)
        await viewModel.isImporting.waitUntil { !$0 }
        SnapshotFiles.expect(screen, size: size, named: "import", suite: "Friends")
    }

    @Test("Export that cannot write says why, in red")
    func exportFails() async {
        let files = LocalFiles(read: { _ in Data() }, write: { _, path throws(LocalFiles.Failure) in
            throw LocalFiles.Failure("Cannot write \(path): the folder does not exist, or it may not be written to.")
        })
        let viewModel = ContactsFileViewModel(cards: FakeCards(), files: files)
        let screen = ContactsFileScreen(.exportFile, viewModel: viewModel, redraw: {})
        _ = screen.handle(.enter)
        await viewModel.isExporting.waitUntil { !$0 }
        let canvas = screen.render(size: Self.wide)
        expectScreen(canvas, [
            " Export Friends",
            "────────────────────────────────────────────────────────────────────────────────",
            "",
            " File     [friends.vcf                                                        ]",
            " Version   Each card as it came",
            "",
            " Enter writes every friend into this vCard file, which contact apps import.",
            " Nothing converted: vCard 2.1, 3.0 or 4.0, as each card was imported.",
            "",
            " Cannot write friends.vcf: the folder does not exist, or it may not be written",
            " to.",
        ] + Array(repeating: "", count: 12) + [" ⏎ Export  Tab Version  ↑↓ Scroll  Esc Back"])
        #expect(canvas.style(of: "Cannot write friends.vcf")?.foreground == .red)
    }
}

import Foundation
import FriendsClient
import Testing
@testable import friends

/// Ctrl-C during `friends import`: the transfer stops, and what the server kept is said.
@Suite(.timeLimit(.minutes(3))) struct CardImportInterruptionTests {
    private static let report = #"{"created": 2, "updated": 0, "unchanged": 0, "failed": []}"#

    private func cards(_ count: Int) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("interrupted-\(UUID().uuidString).vcf")
        let text = (1...count).map { "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Friend \($0)\r\nN:\($0);Friend;;;\r\nEND:VCARD\r\n" }.joined()
        try Data(text.utf8).write(to: file)
        return file
    }

    /// Imports `file` two cards a batch through `transport`, raising SIGINT once a batch is held.
    private func interruptedImport(of file: URL, through transport: ScriptedTransport) async -> CardCommandOutcome<CardImporter.Summary> {
        let importer = CardImporter(
            server: URL(string: "http://127.0.0.1:8080")!, credentials: nil, transport: transport,
            progress: ProgressLine(isShown: false), batchSize: 2
        )
        let (signals, raise) = AsyncStream.makeStream(of: Int32.self)
        async let outcome = CardCommandRun.untilSignal(from: {
            var next = signals.makeAsyncIterator()
            return await next.next()
        }) {
            try await importer.importFiles([file.path])
        }
        await transport.untilHolding()
        raise.yield(SIGINT)
        return await outcome
    }

    @Test func ctrlCSaysWhatTheBatchesAnsweredKeptAndEndsWith130() async throws {
        let file = try cards(5)
        defer { try? FileManager.default.removeItem(at: file) }
        let transport = ScriptedTransport([(200, Self.report)])

        let outcome = await interruptedImport(of: file, through: transport)

        #expect(outcome.signalStatus == 130)
        #expect(throws: CardCommandError(
            "Interrupted. The 2 cards sent before that were kept (created 2, updated 0, unchanged 0); "
                + "import the files again to finish: cards kept are not made twice."
        )) { try outcome.result.get() }
        #expect(await transport.requests.count == 2, "the third batch was never sent")
    }

    @Test func ctrlCListsTheCardsRefusedBeforeIt() async throws {
        let file = try cards(5)
        defer { try? FileManager.default.removeItem(at: file) }
        let report = #"{"created": 1, "updated": 0, "unchanged": 0, "failed": [{"index": 2, "name": "Friend 2", "reason": "No."}]}"#
        let transport = ScriptedTransport([(200, report)])

        let outcome = await interruptedImport(of: file, through: transport)

        #expect(outcome.signalStatus == 130)
        #expect(throws: CardCommandError(
            "Interrupted. The 2 cards sent before that were answered (created 1, updated 0, unchanged 0, refused 1); "
                + "import the files again to finish: cards kept are not made twice. Refused:\n"
                + "  \(file.path), card 2 (Friend 2): No."
        )) { try outcome.result.get() }
    }

    @Test func ctrlCBeforeAnyAnswerSaysSo() async throws {
        let file = try cards(1)
        defer { try? FileManager.default.removeItem(at: file) }

        let outcome = await interruptedImport(of: file, through: ScriptedTransport([]))

        #expect(outcome.signalStatus == 130)
        #expect(throws: CardCommandError(
            "Interrupted before the FriendService confirmed any card; import the files again to finish: cards kept are not made twice."
        )) { try outcome.result.get() }
    }

    @Test func anImportThatEndsOnItsOwnIsNotInterrupted() async throws {
        let file = try cards(2)
        defer { try? FileManager.default.removeItem(at: file) }
        let importer = CardImporter(
            server: URL(string: "http://127.0.0.1:8080")!, credentials: nil, transport: ScriptedTransport([(200, Self.report)]),
            progress: ProgressLine(isShown: false), batchSize: 2
        )
        let outcome = await CardCommandRun.untilSignal(from: {
            await AsyncStream<Int32>.makeStream().stream.first { _ in true }
        }) {
            try await importer.importFiles([file.path])
        }
        #expect(outcome.signal == nil)
        #expect(try outcome.result.get().text == "Created 2, updated 0, unchanged 0, refused 0.")
    }
}

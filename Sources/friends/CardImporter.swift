import Foundation
import FriendsAPI
import FriendsClient
import FriendService
import VCard

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends vCard files to `POST /friends/import` a batch of cards at a time, so any file size
/// takes little memory and the progress line moves; cards the reader cannot cut out (cut short,
/// too large) are reported here with the server's refusals, by file and position.
struct CardImporter {
    let server: URL
    let credentials: Credentials?
    let transport: any HTTPTransport
    let progress: ProgressLine
    var batchSize = 500
    /// The character set the files are in when they are not UTF-8 (`--charset`); the server reads
    /// them in it.
    var charset: String?

    struct Summary {
        var created = 0
        var updated = 0
        var unchanged = 0
        /// The contact groups among the cards, counted apart: they are no friends.
        var groups = ImportReport.Groups()
        /// Each refused card: its file's place among the files, its position in the file, and why.
        var failures: [(file: Int, position: Int, text: String)] = []
        var failed: Int { failures.count }
        /// Each kept card holding something its friend does not show, as `failures` are kept.
        var remarks: [(file: Int, position: Int, text: String)] = []
        /// The files that are not UTF-8 and had cards refused, when no character set was named.
        var filesNotInUTF8: [String] = []

        /// The refusals in the files' order, each file's by position: the reader's (cut short, too
        /// large) come as it reads, the server's once their batch is sent.
        var text: String {
            let summary = "Created \(created), updated \(updated), unchanged \(unchanged), refused \(failed).\(groupsText)"
            let hints = filesNotInUTF8.map {
                "\($0) is not UTF-8: name its character set with --charset (windows-1252 for most files saved on Windows)."
            }
            let shownInPart = remarks.isEmpty ? [] : ["Imported, not all shown:"] + Self.lines(remarks)
            return ([summary] + refusals + shownInPart + hints).joined(separator: "\n")
        }

        /// " Contact groups (not friends): created 1, updated 0, unchanged 0.", or nothing without any.
        var groupsText: String {
            guard groups.kept > 0 else { return "" }
            return " Contact groups (not friends): \(Self.counts(groups.created, groups.updated, groups.unchanged))."
        }

        /// "created 2, updated 0, unchanged 1", and the groups when there were any.
        var counts: String {
            let groupCounts = groups.kept == 0 ? "" : "; contact groups \(Self.counts(groups.created, groups.updated, groups.unchanged))"
            return Self.counts(created, updated, unchanged) + groupCounts
        }

        private static func counts(_ created: Int, _ updated: Int, _ unchanged: Int) -> String {
            "created \(created), updated \(updated), unchanged \(unchanged)"
        }

        /// One indented line per refused card, in the files' order.
        var refusals: [String] { Self.lines(failures) }

        private static func lines(_ cards: [(file: Int, position: Int, text: String)]) -> [String] {
            cards.sorted { ($0.file, $0.position) < ($1.file, $1.position) }.map { "  " + $0.text }
        }
    }

    /// Every file is checked before any card is sent, so a name mistyped among several sends
    /// nothing; should sending stop part-way, the error says what was kept.
    func importFiles(_ paths: [String]) async throws -> Summary {
        for path in paths {
            if let problem = CardCommandError.readProblem(at: path) { throw problem }
        }
        var summary = Summary()
        var sent = 0
        do {
            try await importFiles(paths, into: &summary, sent: &sent)
        } catch {
            progress.finish()
            throw Self.cutShort(by: CardCommandError.plain(error, server: server), summary: summary, sent: sent)
        }
        progress.finish()
        return summary
    }

    /// Why the import stopped, and what the server had kept before: the cards of the batches it
    /// answered. Those of a batch it had not answered yet may have been kept too.
    private static func cutShort(by cause: any Error, summary: Summary, sent: Int) -> any Error {
        let again = "import the files again to finish: cards kept are not made twice."
        guard sent > 0 else {
            guard cause as? CardCommandError == .interrupted else { return cause }
            return CardCommandError("Interrupted before the FriendService confirmed any card; \(again)")
        }
        let cards = sent == 1 ? "The card sent before that was" : "The \(sent) cards sent before that were"
        let counts = summary.counts
        guard summary.failed > 0 else { return CardCommandError("\(cause) \(cards) kept (\(counts)); \(again)") }
        // The refused cards are listed as a finished import lists them: they need fixing, not sending again.
        return CardCommandError(
            "\(cause) \(cards) answered (\(counts), refused \(summary.failed)); \(again) Refused:\n"
                + summary.refusals.joined(separator: "\n")
        )
    }

    private func importFiles(_ paths: [String], into summary: inout Summary, sent: inout Int) async throws {
        for (index, path) in paths.enumerated() {
            guard let handle = FileHandle(forReadingAtPath: path) else { throw CardCommandError.readProblem(at: path) ?? CardCommandError("Cannot read \(path).") }
            defer { try? handle.close() }
            // A file saved as UTF-16 is sent as the UTF-8 the server reads.
            var transcoder = UTF16Transcoder()
            let head = transcoder.append(try handle.read(upToCount: 4) ?? Data())
            // A byte order mark says the file's charset, whatever --charset says for the others.
            let file = (index, path, charset: transcoder.foundUnicodeSignature ? nil : charset)
            var reader = VCardStreamReader()
            var batch = Batch()
            var imported = ImportedUIDs()
            var isUTF8 = true
            func add(_ item: VCardStreamReader.Item) async throws {
                if case .card(_, let bytes) = item, String(validating: bytes, as: UTF8.self) == nil { isUTF8 = false }
                try await self.add(item, to: &batch, imported: &imported, file: file, summary: &summary, sent: &sent)
            }
            for item in reader.append(head) { try await add(item) }
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                try Task.checkCancellation()
                for item in reader.append(transcoder.append(chunk)) { try await add(item) }
            }
            for item in reader.append(transcoder.finish()) + reader.finish() { try await add(item) }
            try await send(&batch, imported: &imported, file: file, summary: &summary, sent: &sent)
            if reader.cardsSeen == 0 { summary.failures.append((index, 0, "\(path): holds no vCard.")) }
            if !isUTF8, file.charset == nil, summary.failures.contains(where: { $0.file == index }) { summary.filesNotInUTF8.append(path) }
        }
    }

    private struct Batch {
        var bytes: [UInt8] = []
        var positions: [Int] = []
        /// Each card's `UID`, nil for one without (or unreadable here).
        var uids: [String?] = []
    }

    /// A file: its place among the files, its path, and the charset its cards are sent in (nil: UTF-8).
    private typealias File = (index: Int, path: String, charset: String?)

    /// `imported`: the UIDs of the file's cards the server kept so far. The server finds a UID
    /// twice in one request; the file's batches go in several.
    private func add(
        _ item: VCardStreamReader.Item, to batch: inout Batch, imported: inout ImportedUIDs, file: File,
        summary: inout Summary, sent: inout Int
    ) async throws {
        switch item {
        case .failure(let position, let name, let error):
            summary.failures.append(Self.line(file: file, position: position, name: name, text: error.description))
        case .card(let position, let bytes):
            let uid = (try? VCardParser.parse(bytes)).map(\.uid).flatMap { $0.isEmpty ? nil : $0 }
            if let uid, imported.contains(uid) {
                let name = VCardStreamReader.name(in: bytes)
                summary.failures.append(Self.line(file: file, position: position, name: name, text: ImportedUIDs.refusal(hadUID: true)))
                return
            }
            batch.bytes += bytes
            batch.positions.append(position)
            batch.uids.append(uid)
            if batch.positions.count >= batchSize {
                try await send(&batch, imported: &imported, file: file, summary: &summary, sent: &sent)
            }
        }
    }

    private func send(_ batch: inout Batch, imported: inout ImportedUIDs, file: File, summary: inout Summary, sent: inout Int) async throws {
        guard !batch.positions.isEmpty else { return }
        var request = URLRequest(url: server.appendingPathComponent("friends/import"))
        request.httpMethod = "POST"
        request.setValue("text/vcard; charset=\(file.charset ?? "utf-8")", forHTTPHeaderField: "Content-Type")
        if let credentials { request.setValue(credentials.authorization, forHTTPHeaderField: FriendsHTTPHeader.authorization) }
        request.httpBody = Data(batch.bytes)
        let (data, response) = try await transport.send(request)
        let status = response.statusCode
        guard status == 200 else {
            let message = (try? JSONDecoder().decode(ErrorEnvelope.self, from: data))?.message ?? "HTTP \(status)"
            throw CardCommandError("The FriendService refused \(file.path): \(message)")
        }
        let report = try JSONDecoder().decode(ImportReport.self, from: data)
        summary.created += report.created
        summary.updated += report.updated
        summary.unchanged += report.unchanged
        summary.groups.created += report.groups.created
        summary.groups.updated += report.groups.updated
        summary.groups.unchanged += report.groups.unchanged
        let positions = batch.positions
        let positionInFile = { (index: Int) in positions.indices.contains(index - 1) ? positions[index - 1] : index }
        for failure in report.failed {
            summary.failures.append(Self.line(file: file, position: positionInFile(failure.index), name: failure.name, text: failure.reason))
        }
        for remark in report.remarks {
            summary.remarks.append(Self.line(file: file, position: positionInFile(remark.index), name: remark.name, text: remark.remark))
        }
        // Only the cards the server kept: a card it refused (two UIDs, say) keeps nobody's place.
        let refused = Set(report.failed.map(\.index))
        for (offset, uid) in batch.uids.enumerated() where !refused.contains(offset + 1) {
            if let uid { imported.insert(uid) }
        }
        sent += batch.positions.count
        progress.update("Imported", count: sent)
        batch = Batch()
    }

    /// "friends.vcf, card 3 (Ada Lovelace): …", for a refused card or a remark on a kept one.
    private static func line(file: File, position: Int, name: String, text: String) -> (file: Int, position: Int, text: String) {
        (file.index, position, "\(file.path), card \(position)\(name.isEmpty ? "" : " (\(name))"): \(text)")
    }
}


import Foundation
import FriendStorage
import FriendsAPI
import HTTPServerKit
import Hummingbird
import NIOCore
import VCard

/// `POST /friends/import`: cards are read as they arrive and kept a batch at a time.
extension CardHandlers {
    /// Reads cards as they arrive and keeps each good one (merged by `UID`); answers what happened to each.
    func importCards(_ request: Request) async throws -> Response {
        guard VCardNegotiation.isVCard(request.headers[.contentType]) else {
            throw APIError(.unsupportedMediaType, "Send vCards as text/vcard.")
        }
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > maximumImportSize {
            throw APIError.bodyTooLarge(limit: maximumImportSize)
        }
        var transcoder = try ImportTranscoder(contentType: request.headers[.contentType])
        var reader = VCardStreamReader()
        var batch = ImportBatch()
        var imported = ImportedUIDs()
        var report = ImportReport()
        var received = 0
        var chunks = request.body.makeAsyncIterator()
        do {
            do {
                while let chunk = try await Self.next(&chunks) {
                    received += chunk.readableBytes
                    guard received <= maximumImportSize else { throw APIError.bodyTooLarge(limit: maximumImportSize) }
                    for item in reader.append(transcoder.append(chunk.readableBytesView)) {
                        try await take(item, readIn: transcoder, into: &batch, imported: &imported, report: &report)
                    }
                }
            } catch var error as APIError {
                // Every whole card that arrived before the body failed is kept, and the answer says
                // so, as no report follows.
                try await keep(batch.takeAll(), in: &report)
                if let kept = Self.kept(report) {
                    let cards = "The \(kept.count == 1 ? "card" : "\(kept.count) cards") read before that"
                    if let signIn = SignedInRequest.current, await signIn.watch.accountIsGone(signIn) {
                        error.envelope.error.message += " \(cards) went with the account, which was removed."
                    } else {
                        error.envelope.error.message += " \(cards) \(kept.count == 1 ? "was" : "were") kept (\(kept.counts)); import the file again to finish."
                    }
                }
                throw error
            }
            for item in reader.append(transcoder.finish()) + reader.finish() {
                try await take(item, readIn: transcoder, into: &batch, imported: &imported, report: &report)
            }
            try await keep(batch.takeAll(), in: &report)
        } catch let error as FriendStoreError where error.endsTheImport {
            // The database failed under a batch: the batches before it are kept, perhaps some of
            // its cards too. Said with the refusal, as no report follows.
            throw ImportCutShort(cause: error, keptBefore: Self.kept(report).map { kept in
                "\(kept.count == 1 ? "One card was" : "\(kept.count) cards were") kept before that (\(kept.counts)), perhaps"
                    + " some of the next ones too; import the file again to finish: no card is kept twice."
            })
        }
        guard reader.cardsSeen > 0 else {
            throw APIError(.badRequest, "The file holds no vCard: each card starts with BEGIN:VCARD and ends with END:VCARD.")
        }
        return JSONResponse.make(report)
    }

    /// How many cards `report` kept, and how: nil when none.
    private static func kept(_ report: ImportReport) -> (count: Int, counts: String)? {
        let kept = report.friendsKept + report.groups.kept
        guard kept > 0 else { return nil }
        let groups = report.groups.kept == 0 ? "" : ", and \(report.groups.kept) contact \(report.groups.kept == 1 ? "group" : "groups")"
        return (kept, "created \(report.created), updated \(report.updated), unchanged \(report.unchanged)\(groups)")
    }

    /// The body's next chunk; a body that cannot be read is the client's fault, unlike a failure
    /// to keep a card, which the store reports.
    private static func next(_ chunks: inout RequestBody.AsyncIterator) async throws -> ByteBuffer? {
        do {
            return try await chunks.next()
        } catch is RequestReadTimeout {
            throw APIError(.requestTimeout, "The file stopped arriving, or came too slowly.", headers: [.connection: "close"])
        } catch {
            throw APIError(.badRequest, "The request body could not be read: its framing is broken.", headers: [.connection: "close"])
        }
    }

    /// Reports a card that cannot be kept; adds a good one to `batch`, keeping the batch first
    /// when the card cannot join it.
    private func take(
        _ item: VCardStreamReader.Item, readIn transcoder: ImportTranscoder,
        into batch: inout ImportBatch, imported: inout ImportedUIDs, report: inout ImportReport
    ) async throws {
        switch item {
        case .failure(let position, let name, let error):
            report.failed.append(.init(index: position, name: name, reason: error.description))
        case .card(let position, let received):
            let (bytes, readBefore) = transcoder.reading(card: received)
            let read: VCard
            do {
                read = try VCardParser.parse(bytes)
                try DifferentUIDs.check(read)
            } catch {
                report.failed.append(.init(index: position, name: VCardStreamReader.name(in: bytes), reason: "\(error)"))
                return
            }
            let uid = read.uid.isEmpty ? try await madeUpUID(of: bytes, readBefore: readBefore) : read.uid
            if imported.isTakenBefore(uid) {
                report.failed.append(.init(index: position, name: VCardStreamReader.name(in: bytes),
                                           reason: ImportedUIDs.refusal(hadUID: !read.uid.isEmpty)))
                return
            }
            let card = read.readyForStorage { uid }
            if !card.isGroup {
                // Of the card as it came: an FN "No Name" is added to one naming nobody.
                let name = card.first("FN")?.text ?? ""
                report.remarks += read.importRemarks.map { .init(index: position, name: name, remark: $0) }
            }
            if !batch.hasRoom(for: card) { try await keep(batch.takeAll(), in: &report) }
            batch.add(card)
        }
    }

    /// Keeps `cards` side by side: their writes join the same group commits instead of each
    /// waiting for a commit of its own (see BENCHMARKS.md). Groups are counted apart from friends.
    private func keep(_ cards: [VCard], in report: inout ImportReport) async throws {
        guard !cards.isEmpty else { return }
        // A file takes seconds to arrive: `user remove` must not have the account's friends go on
        // being written after it swept them (it sweeps again once running servers noticed).
        if let signIn = SignedInRequest.current, try await !signIn.watch.stillHolds(signIn) { throw APIError.signInEnded }
        typealias Kept = (outcome: ImportBatch.Outcome, isGroup: Bool)
        let kept = try await withThrowingTaskGroup(of: Kept.self, returning: [Kept].self) { group in
            for card in cards { group.addTask { (try await keep(card), card.isGroup) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for (outcome, isGroup) in kept {
            switch (outcome, isGroup) {
            case (.created, false): report.created += 1
            case (.updated, false): report.updated += 1
            case (.unchanged, false): report.unchanged += 1
            case (.created, true): report.groups.created += 1
            case (.updated, true): report.groups.updated += 1
            case (.unchanged, true): report.groups.unchanged += 1
            }
        }
    }

    private func keep(_ card: VCard) async throws -> ImportBatch.Outcome {
        try await uidTurns.inTurn(for: UIDSpellings.key(card.uid)) { try await keepInTurn(card) }
    }

    /// A friend of the card's UID deleted between being found and being replaced (over REST or
    /// CardDAV, by another client) is made again from the card: the file holds it, and the import
    /// is not failed for a friend it never named by id.
    private func keepInTurn(_ card: VCard) async throws -> ImportBatch.Outcome {
        for _ in 1..<Self.attemptsAgainstDeletions {
            do {
                return try await keepOnce(card)
            } catch FriendStoreError.notFound {
                continue
            }
        }
        return try await keepOnce(card)
    }

    private static let attemptsAgainstDeletions = 3

    private func keepOnce(_ card: VCard) async throws -> ImportBatch.Outcome {
        if let existing = try await store.friend(anySpellingOf: card.uid) { return try await replace(existing, with: card) }
        if try await create(card) { return .created }
        // `<uid>.vcf` is taken: by this same UID, imported meanwhile by another request, or by a
        // card of another UID, one whose UID folds to the same name (`a/b` and `a-b`) or one a
        // CardDAV client named so.
        if let existing = try await store.friend(anySpellingOf: card.uid) { return try await replace(existing, with: card) }
        let name = FriendRecord.resourceName(forUID: card.uid + "-" + UUID.random().uuidString)
        _ = try await store.create(card: card, resourceName: name)
        return .created
    }

    private func replace(_ existing: StoredFriend, with card: VCard) async throws -> ImportBatch.Outcome {
        // A file imported again mostly holds cards kept as they are: those are told from a read,
        // without a write transaction (what `replace` would find and leave alone). Line ends do not
        // count: an export ends every line with CRLF, and the card it holds may have come with LF.
        if let stored = try await store.card(id: existing.friend.id)?.text,
           Self.sameLines(stored, FriendRecord.cardText(of: card)) { return .unchanged }
        let replaced = try await store.replace(id: existing.friend.id, with: card, if: .any)
        return replaced.version == existing.version ? .unchanged : .updated
    }

    /// Creates the card under `<uid>.vcf`; `false` when another card has that name.
    private func create(_ card: VCard) async throws -> Bool {
        do {
            _ = try await store.create(card: card, resourceName: nil)
            return true
        } catch FriendStoreError.preconditionFailed {
            return false
        }
    }

    /// Whether two cards' texts differ at most in how their lines end.
    static func sameLines(_ one: String, _ other: String) -> Bool {
        one == other || CRLFLines.of(Array(one.utf8)) == CRLFLines.of(Array(other.utf8))
    }

    /// A card without a `UID` gets one made of its bytes, so importing the same file again finds
    /// it. Its lines are taken as ending in CRLF, the last one too, and a byte order mark is left
    /// out: the same card at the end of a file without a last line end, or at the start of one
    /// with a byte order mark, is found too. A friend made before that, whose `UID` was made of the
    /// bytes as they came, is still found by it; so is one made of a 2.1 card read as UTF-8 from
    /// a file of a named charset (`readBefore`), as this server read such files before.
    private func madeUpUID(of bytes: [UInt8], readBefore: [UInt8]?) async throws -> String {
        let uid = Self.uid(forCardWithout: bytes)
        let madeBefore = [Self.uid(ofBytes: bytes)] + (readBefore.map { [Self.uid(forCardWithout: $0)] } ?? [])
        for candidate in madeBefore where candidate != uid {
            if try await store.friend(anySpellingOf: candidate) != nil { return candidate }
        }
        return uid
    }

    static func uid(forCardWithout bytes: [UInt8]) -> String {
        var lines = CRLFLines.of(Array(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]))
        if lines.last != UInt8(ascii: "\n") { lines += [UInt8(ascii: "\r"), UInt8(ascii: "\n")] }
        return uid(ofBytes: lines)
    }

    private static func uid(ofBytes bytes: [UInt8]) -> String {
        "friends-import-" + String(StableHash.of(CRLFLines.of(bytes)), radix: 16)
    }
}

/// Cards of one import waiting to be kept side by side: at most `capacity`, each of another
/// `UID`, since a later card of a UID must find the friend the first one made.
struct ImportBatch {
    enum Outcome: Sendable {
        case created, updated, unchanged
    }

    /// As many as one statement of SQLite's group commit inserts.
    static let capacity = 32

    private var cards: [VCard] = []
    private var uids: Set<String> = []

    func hasRoom(for card: VCard) -> Bool {
        cards.count < Self.capacity && !uids.contains(UIDSpellings.key(card.uid))
    }

    mutating func add(_ card: VCard) {
        cards.append(card)
        uids.insert(UIDSpellings.key(card.uid))
    }

    mutating func takeAll() -> [VCard] {
        defer { self = ImportBatch() }
        return cards
    }
}

/// The `UID`s of the cards an import took so far: a second card of one `UID` would replace the
/// first in silence (two contacts made one, one of them lost). Positions are not named: a client
/// that sends a file in several requests (`friends import`) would see another request's numbers.
package struct ImportedUIDs {
    /// Beyond this many, cards are not compared any more: what a hostile file of tiny cards could
    /// make the server hold stays bounded (about 10 MB).
    package static let capacity = 100_000

    private var keys: Set<String> = []

    package init() {}

    /// Why a card of a `UID` taken before is not kept. A card without a `UID` is given one made of
    /// its bytes: then it is the same card twice.
    package static func refusal(hadUID: Bool) -> String {
        hadUID ? "An earlier card of this file has the same UID, and was kept: a file holds each contact once."
            : "The same card came earlier in this file, and was kept."
    }

    /// Whether a card of `uid` was taken before; when not, `uid` is taken now.
    package mutating func isTakenBefore(_ uid: String) -> Bool {
        if contains(uid) { return true }
        insert(uid)
        return false
    }

    package func contains(_ uid: String) -> Bool {
        keys.contains(UIDSpellings.key(uid))
    }

    package mutating func insert(_ uid: String) {
        if keys.count < Self.capacity { keys.insert(UIDSpellings.key(uid)) }
    }
}

import Foundation
import FriendStorage
import FriendsAPI
import Hummingbird
import NIOCore
import VCard

/// Friends as vCards: export (`Accept: text/vcard`), import (`POST /friends/import`) and the
/// card's photo as the avatar.
struct CardHandlers: Sendable {
    let store: any FriendStore
    /// The largest import body.
    let maximumImportSize: Int

    /// Cards read from the store at a time while exporting: memory stays flat however many friends.
    static let exportBatchSize = 200

    /// Every friend (matching `q` when given) as one vCard file, streamed a batch at a time.
    func export(_ request: Request) throws -> Response {
        let query = request.uri.queryParameters.get("q") ?? ""
        let search = FriendSearch(query)
        var headers = HTTPFields()
        headers[.contentType] = VCardNegotiation.contentType
        headers[.contentDisposition] = #"attachment; filename="friends.vcf""#
        headers[.vary] = "Accept"
        return Response(status: .ok, headers: headers, body: ResponseBody { [store] writer in
            var after = 0
            while true {
                let cards = try await store.cards(matching: search, afterID: after, limit: Self.exportBatchSize)
                guard let last = cards.last else { break }
                var buffer = ByteBufferAllocator().buffer(capacity: cards.reduce(0) { $0 + $1.text.utf8.count })
                for card in cards { buffer.writeString(card.text) }
                try await writer.write(buffer)
                after = last.id
                if cards.count < Self.exportBatchSize { break }
            }
            try await writer.finish(nil)
        })
    }

    /// The stored card of one friend, as kept; its ETag is the friend's, as in JSON.
    func exportOne(_ request: Request, id: Int) async throws -> Response {
        guard let card = try await store.card(id: id) else { throw APIError.friendNotFound(id: id) }
        var headers = HTTPFields()
        headers[.eTag] = EntityTag.of(id: id, version: card.version)
        headers[.vary] = "Accept"
        if IfNoneMatch.matches(EntityTag.of(id: id, version: card.version), in: request.headers) {
            return IfNoneMatch.notModified(headers: headers)
        }
        headers[.contentType] = VCardNegotiation.contentType
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: card.text)))
    }

    /// Reads cards as they arrive and keeps each good one (merged by `UID`); answers what happened to each.
    func importCards(_ request: Request) async throws -> Response {
        guard VCardNegotiation.isVCard(request.headers[.contentType]) else {
            throw APIError(.unsupportedMediaType, "Send vCards as text/vcard.")
        }
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > maximumImportSize {
            throw APIError.bodyTooLarge(limit: maximumImportSize)
        }
        var reader = VCardStreamReader()
        var report = ImportReport()
        var received = 0
        var chunks = request.body.makeAsyncIterator()
        while let chunk = try await Self.next(&chunks) {
            received += chunk.readableBytes
            guard received <= maximumImportSize else { throw APIError.bodyTooLarge(limit: maximumImportSize) }
            for item in reader.append(chunk.readableBytesView) { try await keep(item, in: &report) }
        }
        for item in reader.finish() { try await keep(item, in: &report) }
        guard reader.cardsSeen > 0 else {
            throw APIError(.badRequest, "The body holds no vCard: each card starts with BEGIN:VCARD and ends with END:VCARD.")
        }
        return JSONResponse.make(report)
    }

    /// The body's next chunk; a body that cannot be read is the client's fault, unlike a failure
    /// to keep a card, which the store reports.
    private static func next(_ chunks: inout RequestBody.AsyncIterator) async throws -> ByteBuffer? {
        do {
            return try await chunks.next()
        } catch {
            throw APIError(.badRequest, "The request body could not be read: its framing is broken.", headers: [.connection: "close"])
        }
    }

    private func keep(_ item: VCardStreamReader.Item, in report: inout ImportReport) async throws {
        switch item {
        case .failure(let position, let name, let error):
            report.failed.append(.init(index: position, name: name, reason: error.description))
        case .card(let position, let bytes):
            let card: VCard
            do {
                card = try VCardParser.parse(bytes).checkedForStorage { Self.uid(forCardWithout: bytes) }
            } catch {
                report.failed.append(.init(index: position, name: VCardStreamReader.name(in: bytes), reason: "\(error)"))
                return
            }
            if try await store.friend(uid: card.uid) == nil, try await create(card) {
                report.created += 1
            } else if let existing = try await store.friend(uid: card.uid) {
                let replaced = try await store.replace(id: existing.friend.id, with: card, if: .any)
                if replaced.version == existing.version { report.unchanged += 1 } else { report.updated += 1 }
            } else {
                // `<uid>.vcf` belongs to a card of another UID: one whose UID folds to the same
                // name (`a/b` and `a-b`), or one a CardDAV client named so.
                let name = FriendRecord.resourceName(forUID: card.uid + "-" + UUID().uuidString)
                _ = try await store.create(card: card, resourceName: name)
                report.created += 1
            }
        }
    }

    /// Creates the card under `<uid>.vcf`; `false` when another card has that name (perhaps this
    /// same UID, imported meanwhile by another request).
    private func create(_ card: VCard) async throws -> Bool {
        do {
            _ = try await store.create(card: card, resourceName: nil)
            return true
        } catch FriendStoreError.preconditionFailed {
            return false
        }
    }

    /// A card without a `UID` gets one made of its bytes, so importing the same file again finds it.
    static func uid(forCardWithout bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return "friends-import-" + String(hash, radix: 16)
    }

    /// The card's picture with its content type, or `nil` when it has none to serve.
    func photo(of stored: StoredFriend) async throws -> VCardPhoto? {
        guard stored.friend.photo, let card = try await store.card(id: stored.friend.id) else { return nil }
        return try? FriendRecord.card(from: card.text).photo()
    }
}

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
    /// Shared with the book's CardDAV writes.
    let uidTurns: UIDTurns
    /// What starts this book's entity tags (`EntityTag`).
    var tagScope = ""

    /// Cards read from the store at a time while exporting: memory stays flat however many friends.
    static let exportBatchSize = 200

    /// Every friend (matching `q` when given) as one vCard file, streamed a batch at a time, each
    /// card as kept or in the version `Accept` names.
    func export(_ request: Request) throws -> Response {
        let items = FormItems(request.uri.query)
        // As for the list in JSON: an export of what one `q` finds would not be what was asked for.
        let repeated = ListQueryParser.repeated(in: items)
        guard repeated.isEmpty else { throw ListQueryParser.invalidQuery(repeated) }
        let search: FriendSearch?
        do {
            search = try ListQueryParser.search(items.rawValues(named: FriendListQuery.Name.search).first)
        } catch {
            throw ListQueryParser.invalidQuery([FriendListQuery.Name.search: error.message])
        }
        let exported = ExportedVCardVersion(accepting: request.headers)
        var headers = HTTPFields()
        headers[.contentType] = exported.contentType
        headers[.contentDisposition] = #"attachment; filename="friends.vcf""#
        headers[.vary] = "Accept"
        return Response(status: .ok, headers: headers, body: ResponseBody { [store] writer in
            var after = 0
            while true {
                let cards = try await store.cards(matching: search, afterID: after, limit: Self.exportBatchSize)
                guard let last = cards.last else { break }
                // Groups are CardDAV clients' own; the export holds friends.
                let friends = cards.filter { !$0.isGroup }.map { exported.text(of: $0.text) }
                var buffer = ByteBufferAllocator().buffer(capacity: friends.reduce(0) { $0 + $1.utf8.count })
                for card in friends { buffer.writeWithCRLFLines(card) }
                try await writer.write(buffer)
                after = last.id
                if cards.count < Self.exportBatchSize { break }
            }
            try await writer.finish(nil)
        })
    }

    /// The stored card of one friend, as kept or in the version `Accept` names; its ETag names the
    /// friend's version, as JSON's does, and the representation (`EntityTag.ofCard`).
    func exportOne(_ request: Request, id: Int) async throws -> Response {
        let ifMatch = try EntityTag.precondition(from: request.headers, id: id, scope: tagScope)
        guard let card = try await store.card(id: id), !card.isGroup else { throw APIError.friendNotFound(id: id) }
        guard ifMatch.isSatisfied(by: card.version) else { throw APIError.stale(id: id) }
        var headers = HTTPFields()
        let exported = ExportedVCardVersion(accepting: request.headers)
        let tag = EntityTag.ofCard(id: id, version: card.version, scope: tagScope, as: exported)
        headers[.eTag] = tag
        headers[.vary] = "Accept"
        if IfNoneMatch.matches(tag, in: request.headers) {
            return IfNoneMatch.notModified(headers: headers)
        }
        headers[.contentType] = exported.contentType
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: exported.text(of: card.text))))
    }

    /// The card's picture with its content type, or `nil` when it has none to serve.
    func photo(of stored: StoredFriend) async throws -> VCardPhoto? {
        guard stored.friend.photo, let card = try await store.card(id: stored.friend.id) else { return nil }
        return try? FriendRecord.card(from: card.text).photo()
    }
}

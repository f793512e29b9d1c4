import FriendStorage
import FriendsAPI
import Hummingbird
import NIOConcurrencyHelpers

/// What each friend route does, shared by the `/friends` routes and the original client's routes.
/// Friends on the `/friends` routes carry their `version`; the original client's do not
/// (`withVersion: false`), so its answers stay byte for byte what they were.
struct FriendHandlers: Sendable {
    let store: any FriendStore
    let parser: FriendBodyParser
    /// What starts this book's entity tags (`EntityTag`).
    var tagScope = ""
    /// The friends of `GET /friends`, encoded, by search and cursor, at the change sequence they
    /// were read at: a page at any limit that a run read before covers is cut from it (a client
    /// asking 20 and another 50 share one). At most 256 runs, and 8 MiB together (a run of 500
    /// long `about`s is about 1 MB).
    let runs = SequenceCache<RunKey, EncodedFriendRun>(capacity: 256, maximumCost: 8 << 20, cost: \.cost)
    /// The `total` of first pages, by search: a list read again further than its run, or searched
    /// again, costs no count while nothing changed.
    let totals = SequenceCache<FriendSearch?, Int?>(capacity: 256)
    /// `GET /friends/{id}`, by id, at the change sequence they were read at: at most 256.
    let friends = SequenceCache<Int, EncodedFriend>(capacity: 256, maximumCost: 8 << 20, cost: \.body.readableBytes)
    /// `GET /listFriends`, every friend, encoded once per change sequence while it is at most 8 MiB.
    let everyone = SequenceCache<String, ByteBuffer>(capacity: 1, maximumCost: 8 << 20, cost: \.readableBytes)

    /// A list request without its limit: the pages that one run of friends can answer.
    struct RunKey: Hashable, Sendable {
        var search: FriendSearch?
        var after: FriendSortKey?

        init(_ request: FriendListRequest) {
            search = request.search
            after = request.after
        }
    }

    /// One trip to the store: it reads the change sequence and then, in the same snapshot, only
    /// what this instance does not have at that sequence. A client whose tag names the sequence
    /// gets `304`; a page that a run encoded at the sequence covers is cut from it; otherwise the
    /// page is read (with its count, on a first page whose search has no count at the sequence
    /// yet) and kept as the run of its search and cursor.
    func list(_ request: Request) async throws -> Response {
        let (pageSize, listRequest) = try ListQueryParser.request(from: request)
        let key = RunKey(listRequest)
        let countLimit = listRequest.search == nil ? nil : Self.maximumSearchTotal + 1
        let wantsTotal = listRequest.after == nil
        let headers = request.headers
        // What the caches held at the store's sequence, kept as found: a newer sequence cached by
        // another request meanwhile drops them from the caches.
        let found = NIOLockedValueBox<CachedAnswer?>(nil)
        let scope = tagScope
        let snapshot = try await store.listSnapshot(listRequest) { [runs, totals] sequence in
            let answer: CachedAnswer? =
                if IfNoneMatch.matches(EntityTag.ofList(atSequence: sequence, scope: scope), in: headers) { .notModified }
                else if let run = runs.value(for: key, at: sequence), run.covers(pageOf: pageSize) { .run(run) }
                else if wantsTotal, let total = totals.value(for: listRequest.search, at: sequence) { .total(total) }
                else { nil }
            found.withLockedValue { $0 = answer }
            switch answer {
            case .notModified, .run: return .nothing
            case .total: return .rows
            case nil: return wantsTotal ? .rowsAndCount(atMost: countLimit) : .rows
            }
        }
        var responseHeaders = HTTPFields()
        responseHeaders[.eTag] = EntityTag.ofList(atSequence: snapshot.sequence, scope: tagScope)
        // The export answers at the same URL with `Accept: text/vcard`.
        responseHeaders[.vary] = "Accept"
        var total: Int?
        switch found.withLockedValue({ $0 }) {
        case .notModified:
            return IfNoneMatch.notModified(headers: responseHeaders)
        case .run(let run):
            return try JSONResponse.make(body: Self.page(of: run, size: pageSize), headers: responseHeaders)
        case .total(let known):
            total = known
        case nil:
            if let count = snapshot.count {
                total = Self.total(fromCount: count, of: listRequest.search)
                totals.store(total, for: listRequest.search, at: snapshot.sequence)
            }
        }
        guard let rows = snapshot.rows else { throw ListSnapshotWithoutRows() }
        let run = EncodedFriendRun(rows: rows, readWithLimit: listRequest.limit, total: total)
        // Concurrent requests of one search at several limits: the run covering most is kept (one
        // as long that also found the end of the list covers more).
        if (runs.value(for: key, at: snapshot.sequence)?.largestPageCovered ?? 0) < run.largestPageCovered {
            runs.store(run, for: key, at: snapshot.sequence)
        }
        return try JSONResponse.make(body: Self.page(of: run, size: pageSize), headers: responseHeaders)
    }

    /// A run read for the page, or found covering it, always has it.
    private static func page(of run: EncodedFriendRun, size: Int) throws -> ByteBuffer {
        guard let body = run.page(size: size) else { throw ListSnapshotWithoutRows() }
        return body
    }

    /// What this instance already had for a list request at the store's sequence.
    private enum CachedAnswer {
        case notModified
        /// A run that covers the page.
        case run(EncodedFriendRun)
        /// The first page's total, known; the rows are not.
        case total(Int?)
    }

    /// What the first page says `total` is: every friend, or the friends a search matches when
    /// they are fewer than `maximumSearchTotal` (a broad search then costs no more to count than
    /// that many rows; the page leaves `total` out and the client says "50+"). Later pages leave
    /// it out too: a list that pages on keeps the count it was given.
    private static func total(fromCount count: Int, of search: FriendSearch?) -> Int? {
        search != nil && count > maximumSearchTotal ? nil : count
    }

    static let maximumSearchTotal = 1_000

    /// The sequence is read before the rows, so the rows are at least as new as the sequence they
    /// are kept under: only a request that began before the next write can be answered with them.
    func all() async throws -> Response {
        let sequence = try await store.latestChangeSequence()
        if let body = everyone.value(for: Self.everyoneKey, at: sequence) {
            return JSONResponse.make(body: body)
        }
        let body = FriendJSON.body(try await store.allWithSeedFieldsOnly().map(\.friend))
        everyone.store(body, for: Self.everyoneKey, at: sequence)
        return JSONResponse.make(body: body)
    }

    private static let everyoneKey = "listFriends"

    /// One trip to the store, as for the list: the change sequence, and the friend only when this
    /// instance has not encoded it at that sequence. `If-Match` is answered before
    /// `If-None-Match` (RFC 9110 13.2.2): `412` when it names another version.
    func show(_ request: Request, id: Int) async throws -> Response {
        let ifMatch = try EntityTag.precondition(from: request.headers, id: id, scope: tagScope)
        let found = NIOLockedValueBox<EncodedFriend?>(nil)
        let snapshot = try await store.friendSnapshot(id: id) { [friends] sequence in
            let kept = friends.value(for: id, at: sequence)
            found.withLockedValue { $0 = kept }
            return kept == nil
        }
        let encoded: EncodedFriend
        if let kept = found.withLockedValue({ $0 }) {
            encoded = kept
        } else {
            guard let stored = snapshot.friend else { throw APIError.friendNotFound(id: id) }
            encoded = EncodedFriend(
                body: FriendJSON.body(stored.versionedFriend), tag: EntityTag.of(stored, scope: tagScope), version: stored.version
            )
            if let sequence = snapshot.sequence { friends.store(encoded, for: id, at: sequence) }
        }
        guard ifMatch.isSatisfied(by: encoded.version) else { throw APIError.stale(id: id) }
        var headers = HTTPFields()
        headers[.eTag] = encoded.tag
        // The card answers at the same URL with `Accept: text/vcard`.
        headers[.vary] = "Accept"
        if IfNoneMatch.matches(encoded.tag, in: request.headers) {
            return IfNoneMatch.notModified(headers: headers)
        }
        return JSONResponse.make(body: encoded.body, headers: headers)
    }

    /// A friend as `GET /friends/{id}` sends it, with its entity tag.
    struct EncodedFriend: Sendable {
        var body: ByteBuffer
        var tag: String
        var version: Int
    }

    func create(_ request: Request, withVersion: Bool = true) async throws -> Response {
        let fields = try await parser.newFriend(from: request)
        let stored = try await store.create(fields)
        var headers = tagged(stored)
        headers[.location] = FriendsRoutes.friend(id: stored.friend.id)
        let friend = withVersion ? stored.versionedFriend : stored.friend
        return JSONResponse.make(body: FriendJSON.body(friend), status: .created, headers: headers)
    }

    func update(_ request: Request, id: Int, withVersion: Bool = true) async throws -> Response {
        let update = try await parser.update(from: request) { try await store.friend(id: id)?.friend }
        let precondition = try await preconditions(of: request, id: id)
        let changesNames = update.firstname != nil || update.lastname != nil || update.organization != nil
        let stored = try await changesNames
            ? updateKeepingAName(id: id, with: update, if: precondition)
            : store.update(id: id, with: update, if: precondition)
        let friend = withVersion ? stored.versionedFriend : stored.friend
        return JSONResponse.make(body: FriendJSON.body(friend), headers: tagged(stored))
    }

    /// Applies `update` only to the version whose names it was checked against, so that two
    /// updates at once (one clearing the first name, the other the last) cannot leave a friend
    /// without a name. Without `If-Match`, a version changed meanwhile is read and checked again.
    private func updateKeepingAName(id: Int, with update: FriendUpdate, if precondition: VersionPrecondition) async throws -> StoredFriend {
        var attemptsLeft = 8
        while true {
            guard let stored = try await store.friend(id: id) else {
                return try await store.update(id: id, with: update, if: precondition)
            }
            guard FriendValidation.hasName(update.applied(to: stored.friend).fields) else {
                throw APIError.invalidFields(FriendValidation.nameMissingFailures)
            }
            do {
                return try await store.update(id: id, with: update, if: precondition == .any ? .oneOf([stored.version]) : precondition)
            } catch FriendStoreError.preconditionFailed where precondition == .any && attemptsLeft > 1 {
                attemptsLeft -= 1
            }
        }
    }

    /// Removes the friend and returns what was removed. A group is no friend: it is CardDAV's to
    /// remove. Without `If-Match` the removal is pinned to the version read as a friend, so that a
    /// card a CardDAV client makes a group meanwhile (a new version) is not removed.
    func delete(_ request: Request, id: Int) async throws -> StoredFriend {
        let precondition = try await preconditions(of: request, id: id)
        var attemptsLeft = 8
        while true {
            guard let current = try await store.friend(id: id) else { throw FriendStoreError.notFound(id: id) }
            do {
                return try await store.delete(id: id, if: precondition == .any ? .oneOf([current.version]) : precondition)
            } catch FriendStoreError.preconditionFailed where precondition == .any && attemptsLeft > 1 {
                attemptsLeft -= 1
            } catch FriendStoreError.preconditionFailed(let failedID, let version) {
                // Made a group meanwhile: no friend is there to be stale.
                guard try await store.friend(id: id) != nil else { throw FriendStoreError.notFound(id: id) }
                throw FriendStoreError.preconditionFailed(id: failedID, currentVersion: version)
            }
        }
    }

    /// What `If-Match` and `If-None-Match` ask of a change to friend `id`. `If-None-Match` (RFC 9110
    /// 13.1.2) is checked against the version stored now: 412 when `*` or one of its tags names it
    /// (compared weakly); otherwise the change is pinned to that version, so that it is not made
    /// to another that a tag might name.
    private func preconditions(of request: Request, id: Int) async throws -> VersionPrecondition {
        let ifMatch = try EntityTag.precondition(from: request.headers, id: id, scope: tagScope)
        try EntityTag.checkChangeCondition(in: request.headers)
        guard request.headers[.ifNoneMatch] != nil, let current = try await store.friend(id: id) else { return ifMatch }
        let tag = EntityTag.of(current, scope: tagScope)
        let vCardTags = ExportedVCardVersion.allCases.map { EntityTag.ofCard(id: id, version: current.version, scope: tagScope, as: $0) }
        if ([tag] + vCardTags).contains(where: { IfNoneMatch.matches($0, in: request.headers) }) {
            throw APIError.alreadyMatching(id: id)
        }
        return ifMatch.isSatisfied(by: current.version) ? .oneOf([current.version]) : ifMatch
    }

    func tagged(_ stored: StoredFriend) -> HTTPFields {
        var headers = HTTPFields()
        headers[.eTag] = EntityTag.of(stored, scope: tagScope)
        return headers
    }

    /// The `{id}` of the path as a friend id; 400 naming `id` when it is not a number.
    static func id(from context: some RequestContext) throws -> Int {
        // Only the canonical form: `01` or `+1` would be a guess about which friend was meant. A
        // percent-escaped digit (`%31`) is that digit (RFC 3986 6.2.2.2), so escapes are undone first.
        let segment = context.parameters.get("id")
        guard let text = segment?.removingPercentEncoding ?? segment, let id = Int(plainly: text) else {
            throw APIError(
                .badRequest, "The friend id must be a whole number up to \(Int.max), written plainly (1, not 01 or +1).",
                fields: ["id": "Must be a whole number up to \(Int.max)."]
            )
        }
        return id
    }
}

extension StoredFriend {
    /// The friend with its version, as the `/friends` routes send it.
    var versionedFriend: Friend {
        var friend = friend
        friend.version = version
        return friend
    }
}

/// A store answered a list snapshot without the rows it was asked for: a bug (500), not an outage.
struct ListSnapshotWithoutRows: Error {}

import Foundation
import FriendStorage
import FriendsAPI
import HTTPServerKit
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
import ServiceLifecycle

/// `GET /friends/events` (`FriendsEndpoint.friendEvents`): the live change feed as Server-Sent Events.
///
/// A new subscriber (no position given) first gets an event with only an `id:`, the sequence it
/// starts after, so that a client that drops before any change resumes from there. With
/// `Last-Event-ID` (or `?after=`) the stream first replays the kept changes after it, then goes
/// live; from before the kept history it starts with one `reset`. With `?follow=false` it ends once
/// that is sent, for clients that poll rather than hold a stream. The stream, and its connection,
/// ends when the subscriber falls too far behind (after a `reset`), stops reading, goes away, and
/// when the server shuts down. Everything that can fail (too many subscribers, the database)
/// fails before the `200`, with the error envelope.
struct ChangeEventsController {
    let feed: ChangeFeed
    let limits: EventStreamLimits

    /// What a refused subscriber is told to wait before trying again, in seconds.
    static let retryAfterWhenFull = 5

    func stream(_ request: Request, channel: any Channel) async throws -> Response {
        let after = try Self.resumePosition(request)
        let follows = try Self.follows(request)
        let subscribed = try await subscribe()
        // Signed in to an account: the stream ends when that sign-in stops holding (see `SignInWatch`).
        let signIn = SignedInRequest.current.map { $0.watch.hold($0) { subscribed.subscription.finish() } }
        let lease = SubscriptionLease(feed: feed, subscribed: subscribed, signIn: signIn)
        let (subscription, delivered) = (lease.subscription, lease.delivered)
        var firstPage: ReplayPage?
        do {
            if let after { firstPage = try await Self.page(after: after, upTo: delivered, store: feed.store) }
        } catch {
            lease.end()
            throw error
        }
        var headers = HTTPFields()
        headers[.contentType] = ServerSentEvents.contentType
        headers[.cacheControl] = "no-cache"
        headers[.connection] = "close"
        let (store, limits, replayStart) = (feed.store, limits, firstPage)
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            defer { lease.end() }
            let connection = await EventStreamConnection(channel: channel, limits: limits) { subscription.finish() }
            try await withGracefulShutdownHandler {
                var opening = ServerSentEvents.comment("connected")
                if after == nil { opening.writeImmutableBuffer(ServerSentEvents.position(delivered)) }
                try await connection.write(opening, to: &writer)
                var last = delivered
                if let after, let replayStart {
                    last = try await Self.replay(replayStart, after: after, upTo: delivered, store: store, connection: connection, writer: &writer)
                }
                if follows { await connection.follow(LiveChanges(subscription, after: last)) }
            } onGracefulShutdown: {
                subscription.finish()
            }
            try await connection.finish(&writer)
        })
    }

    private func subscribe() async throws -> (subscription: ChangeSubscription, delivered: Int) {
        do {
            return try await feed.subscribe()
        } catch .full {
            var headers = HTTPFields()
            headers[.retryAfter] = String(Self.retryAfterWhenFull)
            // A refused subscriber should not keep a connection either.
            headers[.connection] = "close"
            throw APIError(.serviceUnavailable, "Too many clients follow the live feed; try again later.", headers: headers)
        } catch .positionUnknown {
            throw APIError.storageUnavailable
        }
    }

    /// A page of kept changes, or a `reset` when the position is not in the kept history.
    private enum ReplayPage {
        case changes([LoggedChange])
        case reset(latest: Int)
    }

    private static func page(after sequence: Int, upTo delivered: Int, store: any FriendStore) async throws -> ReplayPage {
        guard let changes = try await store.loggedChanges(after: sequence, limit: ChangeFeed.pageSize) else {
            return .reset(latest: max(try await store.latestChangeSequence(), delivered))
        }
        return .changes(changes)
    }

    /// Writes the kept changes after `after`, starting with `first`, and returns the last sequence the client has.
    private static func replay(
        _ first: ReplayPage, after: Int, upTo delivered: Int, store: any FriendStore,
        connection: EventStreamConnection, writer: inout any ResponseBodyWriter
    ) async throws -> Int {
        var last = after
        var next = first
        while true {
            switch next {
            case .reset(let latest):
                try await connection.write(ServerSentEvents.event(FriendChange(sequence: latest, event: .reset)), to: &writer)
                return latest
            case .changes(let logged):
                guard let lastLogged = logged.last else { return last }
                for change in logged.compactMap(\.change) { try await connection.write(ServerSentEvents.event(change), to: &writer) }
                last = lastLogged.sequence
                next = try await page(after: last, upTo: delivered, store: store)
            }
        }
    }

    /// `?follow=` (`true` or `false`, in any case): whether the stream goes on with live changes (the
    /// default) or ends after the backlog.
    static func follows(_ request: Request) throws -> Bool {
        switch request.uri.queryParameters.get(FriendsRoutes.eventsFollow).map({ $0.lowercased() }) {
        case nil, "true": return true
        case "false": return false
        default:
            throw APIError(
                .badRequest, "follow must be true or false.",
                fields: [FriendsRoutes.eventsFollow: "Must be true or false."]
            )
        }
    }

    /// `Last-Event-ID`, else `?after=`, as a sequence; 400 when either is given and is not one.
    static func resumePosition(_ request: Request) throws -> Int? {
        let name = FriendsHTTPHeader.lastEventID.lowercased()
        let header = try request.headers.first { $0.name.canonicalName == name }
            .map { try sequence($0.value, named: FriendsHTTPHeader.lastEventID) }
        let parameters = request.uri.queryParameters
        guard parameters[values: FriendsRoutes.eventsAfter[...]].count <= 1 else {
            throw APIError(
                .badRequest, "Some query parameters are not valid.", fields: [FriendsRoutes.eventsAfter: "Given more than once."]
            )
        }
        let query = try parameters.get(FriendsRoutes.eventsAfter).map { try sequence($0, named: FriendsRoutes.eventsAfter) }
        return header ?? query
    }

    private static func sequence(_ text: String, named name: String) throws -> Int {
        guard let sequence = Int(plainly: text.trimmingCharacters(in: .whitespaces)), sequence >= 0 else {
            throw APIError(
                .badRequest, "The position to resume after must be a change sequence number.",
                fields: [name: "Must be a whole number of 0 or more."]
            )
        }
        return sequence
    }
}

/// The live part of a stream, written by its connection's pump: what the subscription buffers,
/// less the changes the replay sent already or that are older than where the client said it was.
private final class LiveChanges: EventStreamSource {
    private static let keepAlive = EventStreamChunk(ServerSentEvents.comment("keep-alive"))

    private let subscription: ChangeSubscription
    /// The last sequence the client has; only the pump's event loop reads and sets it.
    private let last: NIOLockedValueBox<Int>

    init(_ subscription: ChangeSubscription, after last: Int) {
        self.subscription = subscription
        self.last = NIOLockedValueBox(last)
    }

    func start(_ pump: EventStreamPump) {
        subscription.start(pumping: pump)
    }

    func next() -> EventStreamNext {
        while true {
            switch subscription.take() {
            case .waiting: return .waiting
            case .ended: return .ended
            case .item(.keepAlive): return .event(Self.keepAlive)
            case .item(.change(let encoded)):
                let isNew = last.withLockedValue { last in
                    guard encoded.change.sequence > last || encoded.change.event == .reset else { return false }
                    last = encoded.change.sequence
                    return true
                }
                if isNew { return .event(encoded.chunk) }
            }
        }
    }
}

/// A subscription held by one response: given back when its stream ends, or when the response is
/// dropped without its body ever being written (a `HEAD`, a client gone before the head was sent).
private final class SubscriptionLease: Sendable {
    let feed: ChangeFeed
    let subscription: ChangeSubscription
    let delivered: Int
    let signIn: SignInWatch.Hold?

    init(feed: ChangeFeed, subscribed: (subscription: ChangeSubscription, delivered: Int), signIn: SignInWatch.Hold?) {
        self.feed = feed
        (subscription, delivered) = subscribed
        self.signIn = signIn
    }

    func end() {
        signIn?.end()
        feed.unsubscribe(subscription)
    }

    deinit {
        end()
    }
}

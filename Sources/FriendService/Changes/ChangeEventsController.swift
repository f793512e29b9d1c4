import Foundation
import FriendStorage
import FriendsAPI
import Hummingbird
import ServiceLifecycle

/// `GET /friends/events` (`FriendsEndpoint.friendEvents`): the live change feed as Server-Sent Events.
///
/// With `Last-Event-ID` (or `?after=`) the stream first replays the kept changes after it, then
/// goes live; from before the kept history it starts with one `reset`. The stream ends when the
/// subscriber falls too far behind (after a `reset`) and when the server shuts down.
struct ChangeEventsController {
    let feed: ChangeFeed

    func stream(_ request: Request) async throws -> Response {
        let after = try Self.resumePosition(request)
        var headers = HTTPFields()
        headers[.contentType] = ServerSentEvents.contentType
        headers[.cacheControl] = "no-cache"
        let feed = self.feed
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            let (subscription, delivered) = await feed.subscribe()
            defer { feed.unsubscribe(subscription) }
            try await withGracefulShutdownHandler {
                try await writer.write(ServerSentEvents.comment("connected"))
                var last = try await Self.replay(after: after, upTo: delivered, store: feed.store, writer: &writer)
                while let item = await subscription.next() {
                    switch item {
                    case .keepAlive:
                        try await writer.write(ServerSentEvents.comment("keep-alive"))
                    case .change(let encoded):
                        // Replayed already, or older than where the client said it was.
                        guard encoded.change.sequence > last || encoded.change.event == .reset else { continue }
                        try await writer.write(encoded.event)
                        last = encoded.change.sequence
                    }
                }
            } onGracefulShutdown: {
                subscription.finish()
            }
            try await writer.finish(nil)
        })
    }

    /// Writes the kept changes after `after` and returns the last sequence the client has.
    /// Without `after`, the client starts at what was delivered when it subscribed.
    private static func replay(
        after: Int?, upTo delivered: Int, store: any FriendStore, writer: inout any ResponseBodyWriter
    ) async throws -> Int {
        guard var last = after else { return delivered }
        while true {
            guard let changes = try await store.changes(after: last, limit: ChangeFeed.pageSize) else {
                let latest = max(try await store.latestChangeSequence(), delivered)
                try await writer.write(ServerSentEvents.event(FriendChange(sequence: latest, event: .reset)))
                return latest
            }
            guard !changes.isEmpty else { return last }
            for change in changes { try await writer.write(ServerSentEvents.event(change)) }
            last = changes[changes.count - 1].sequence
        }
    }

    /// `Last-Event-ID`, else `?after=`, as a sequence; 400 when it is not one.
    static func resumePosition(_ request: Request) throws -> Int? {
        let name = FriendsHTTPHeader.lastEventID.lowercased()
        let header = request.headers.first { $0.name.canonicalName == name }?.value
        guard let text = header ?? request.uri.queryParameters.get(FriendsRoutes.eventsAfter) else { return nil }
        guard let sequence = Int(text.trimmingCharacters(in: .whitespaces)), sequence >= 0 else {
            throw APIError(
                .badRequest, "The position to resume after must be a change sequence number.",
                fields: [FriendsHTTPHeader.lastEventID: "Must be a whole number of 0 or more."]
            )
        }
        return sequence
    }
}

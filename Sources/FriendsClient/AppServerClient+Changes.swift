import Foundation
import FriendsAPI
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension AppServerClient: FriendChangesProviding {
    /// Seconds without a byte after which the feed counts as dropped, and "live" stops being
    /// shown: FriendService comments every 10 s (every 15 s before), so only a server gone silent
    /// (frozen, or the network lost without a word) stays quiet this long.
    static let changeStreamIdleTimeout: TimeInterval = 25

    public func changes(after sequence: Int?) async throws(AppServerError) -> FriendChangeStream {
        var request = makeRequest(.get, FriendsRoutes.events, query: [], body: nil, ifMatch: nil, accept: "text/event-stream")
        request.timeoutInterval = Self.changeStreamIdleTimeout
        if let sequence {
            request.setValue(String(sequence), forHTTPHeaderField: FriendsHTTPHeader.lastEventID)
        }
        let response: HTTPURLResponse
        let body: AsyncThrowingStream<Data, any Error>
        do {
            (response, body) = try await eventTransport.open(request)
        } catch {
            throw AppServerError(transportError: error)
        }
        guard (200..<300).contains(response.statusCode) else {
            throw AppServerError(
                status: response.statusCode, body: await Self.collect(body),
                retryAfter: response.value(forHTTPHeaderField: FriendsHTTPHeader.retryAfter)
            )
        }
        return Self.changes(in: body)
    }

    /// The feed's events decoded as they arrive; failures become `AppServerError`s.
    private static func changes(in body: AsyncThrowingStream<Data, any Error>) -> FriendChangeStream {
        let (changes, continuation) = FriendChangeStream.makeStream()
        let reading = Task {
            var parser = ServerSentEventParser()
            do {
                var position = ""
                for try await chunk in body {
                    for event in parser.consume(chunk) {
                        continuation.yield(.change(try FriendChange(id: event.lastEventID, event: event.type, data: event.data)))
                        position = event.lastEventID
                    }
                    // An event with only an `id:` (the server says where a new stream starts) moves
                    // the last event ID without dispatching anything. (A change after it in the
                    // same chunk carries a later position of its own.)
                    if parser.dispatchedLastEventID != position {
                        position = parser.dispatchedLastEventID
                        guard let sequence = Int(position), sequence >= 0 else { throw FriendChange.DecodingError.badSequence(position) }
                        continuation.yield(.position(sequence))
                    }
                }
                continuation.finish()
            } catch is FriendChange.DecodingError {
                continuation.finish(throwing: AppServerError.undecodable)
            } catch {
                continuation.finish(throwing: AppServerError(transportError: error))
            }
        }
        continuation.onTermination = { _ in reading.cancel() }
        return changes
    }

    /// An error response's body (it is short and ends).
    private static func collect(_ body: AsyncThrowingStream<Data, any Error>) async -> Data {
        var data = Data()
        do {
            for try await chunk in body { data.append(chunk) }
        } catch {}
        return data
    }
}

import Foundation
import FriendsClient
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The apps follow the live change feed over SwiftNIO rather than URLSession.
///
/// On Linux, URLSession (libcurl under corelibs Foundation) keeps a write source armed on a
/// response that stays open, so a feed with nothing to say kept a core busy: strace showed the
/// stream's socket reported writable and polled for input thousands of times a second. This
/// transport asks the event loop only to read (`NIOHTTPExchange`). It speaks plain HTTP/1.1 (the
/// built-in server, or a `--server` on http); for https it leaves the feed to URLSession.
public struct NIOEventStreamTransport: EventStreamTransport {
    public init() {}

    public func open(_ request: URLRequest) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
        guard request.url?.scheme?.lowercased() == "http" else {
            return try await URLSessionEventStreamTransport().open(request)
        }
        return try await NIOHTTPExchange.open(request)
    }
}

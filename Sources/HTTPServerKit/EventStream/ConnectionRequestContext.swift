import Hummingbird
import NIOCore

/// Hummingbird's basic request context plus the connection the request came on, which an
/// event stream needs: to notice at once that the client went away, to bound what the socket
/// may queue, and to close a connection whose client stopped reading.
public struct ConnectionRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}

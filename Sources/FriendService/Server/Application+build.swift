import FriendStorage
import FriendsAPI
import HTTPServerKit
import Hummingbird
import HummingbirdCore
import Logging
import CardDAV
import NIOCore

/// The router with every route of `FriendsEndpoint` and every middleware, over an open, migrated store.
/// Its live feed reads the change log only while its service runs: to serve `GET /friends/events`,
/// use `buildApplication`, which runs it.
public func buildRouter(store: any FriendStore, configuration: FriendServerConfiguration) -> Router<ConnectionRequestContext> {
    buildRouter(store: store, configuration: configuration, feed: makeChangeFeed(store: store, configuration: configuration))
}

/// The live change feed of one server instance over `store`.
func makeChangeFeed(store: any FriendStore, configuration: FriendServerConfiguration) -> ChangeFeed {
    var listener: ChangeFeed.Listener?
    if let shared = store as? any FriendChangeListening {
        listener = { onListening, announce in
            await shared.listenForChanges(onListening: onListening, announce: announce)
        }
    }
    let settings = ChangeFeed.Settings(
        historyLimit: configuration.changeHistoryLimit,
        bufferSize: configuration.changeBufferSize,
        keepAliveInterval: configuration.changeKeepAliveInterval,
        maximumSubscribers: configuration.subscriberLimit
    )
    return ChangeFeed(store: store, settings: settings, listener: listener, logger: configuration.logger)
}

func buildRouter(store: any FriendStore, configuration: FriendServerConfiguration, feed: ChangeFeed) -> Router<ConnectionRequestContext> {
    let logger = configuration.logger
    let watch = StorageWatch(logger: logger)
    let store = watch.watching(store, writes: AnnouncingFriendStore(base: store, feed: feed))
    let router = Router(context: ConnectionRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: RequestLoggingMiddleware(logger: logger))
    router.add(middleware: ErrorEnvelopeMiddleware(logger: logger, watch: watch))
    if let token = configuration.token {
        router.add(middleware: BearerAuthMiddleware(token: token))
    } else if FriendServerConfiguration.isLoopback(configuration.hostname) {
        router.add(middleware: HostCheckMiddleware(
            acceptedNames: HostCheckMiddleware<ConnectionRequestContext>.loopbackNames(and: configuration.hostname),
            passesRequestsWithoutHost: true,
            refuse: { throw APIError.misdirected }
        ))
    }
    router.add(middleware: CardDAVMiddleware(
        handler: CardDAVHandler(configuration: CardDAVMiddleware<ConnectionRequestContext>.configuration),
        addressBook: FriendAddressBook(store: store)
    ))
    let responders = EndpointResponders(
        handlers: FriendHandlers(store: store, parser: FriendBodyParser(maximumBodySize: configuration.maximumBodySize)),
        cards: CardHandlers(store: store, maximumImportSize: configuration.maximumImportSize),
        changeEvents: ChangeEventsController(feed: feed, limits: configuration.eventStreamLimits),
        avatarCacheControl: configuration.token == nil ? "public, max-age=300" : "private, max-age=300",
        openAPIDocument: OpenAPIDocument.served(withToken: configuration.token != nil),
        storageWatch: watch
    )
    for endpoint in FriendsEndpoint.allCases {
        router.add(endpoint, use: responders.responder(for: endpoint))
    }
    return router
}

/// The application serving `buildRouter` on the configured address. The caller owns the store:
/// it migrates it before and closes it after running the application.
public func buildApplication(
    _ configuration: FriendServerConfiguration,
    store: any FriendStore,
    onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
) -> Application<RouterResponder<ConnectionRequestContext>> {
    buildApplication(
        configuration, store: store, feed: makeChangeFeed(store: store, configuration: configuration),
        onServerRunning: onServerRunning
    )
}

/// The application with a given change feed, which runs (keep-alives, listening) as one of its services.
func buildApplication(
    _ configuration: FriendServerConfiguration,
    store: any FriendStore,
    feed: ChangeFeed,
    onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
) -> Application<RouterResponder<ConnectionRequestContext>> {
    let limits = configuration.connectionLimits
    return Application(
        router: buildRouter(store: store, configuration: configuration, feed: feed),
        server: GuardedHTTP1Channel.builder(limits: limits, refusalBody: .errorEnvelope, logger: configuration.logger),
        configuration: ApplicationConfiguration(
            address: .hostname(configuration.hostname, port: configuration.port),
            serverName: "FriendService",
            availableConnectionsDelegate: MaximumAvailableConnections(limits.maximumConnections, logger: configuration.logger)
        ),
        services: [feed],
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: configuration.logger
    )
}

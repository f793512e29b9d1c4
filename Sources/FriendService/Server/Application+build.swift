import Hummingbird
import Logging
import NIOCore

/// The router with every route and middleware, over an open, migrated store.
public func buildRouter(store: any FriendStore, configuration: FriendServerConfiguration) -> Router<BasicRequestContext> {
    buildRouter(store: store, configuration: configuration, feed: makeChangeFeed(store: store, configuration: configuration))
}

/// The live change feed of one server instance over `store`.
func makeChangeFeed(store: any FriendStore, configuration: FriendServerConfiguration) -> ChangeFeed {
    var listener: ChangeFeed.Listener?
    if let postgres = store as? PostgresFriendStore {
        listener = { onListening, announce in
            await postgres.listenForChanges(onListening: onListening, announce: announce)
        }
    }
    let settings = ChangeFeed.Settings(
        historyLimit: configuration.changeHistoryLimit,
        bufferSize: configuration.changeBufferSize,
        keepAliveInterval: configuration.changeKeepAliveInterval
    )
    return ChangeFeed(store: store, settings: settings, listener: listener, logger: configuration.logger)
}

func buildRouter(store: any FriendStore, configuration: FriendServerConfiguration, feed: ChangeFeed) -> Router<BasicRequestContext> {
    let store = AnnouncingFriendStore(base: store, feed: feed)
    let logger = configuration.logger
    let routes = RouteTable()
    let router = Router()
    router.add(middleware: RequestLoggingMiddleware(logger: logger))
    router.add(middleware: ErrorEnvelopeMiddleware(routes: routes, logger: logger))
    if let token = configuration.token {
        router.add(middleware: BearerAuthMiddleware(token: token))
    }
    let handlers = FriendHandlers(store: store, parser: FriendBodyParser(maximumBodySize: configuration.maximumBodySize))
    SystemController(store: store).addRoutes(to: router)
    FriendsController(
        handlers: handlers,
        avatarCacheControl: configuration.token == nil ? "public, max-age=300" : "private, max-age=300"
    ).addRoutes(to: router)
    LegacyController(handlers: handlers).addRoutes(to: router)
    ChangeEventsController(feed: feed).addRoutes(to: router)
    routes.record(router.routes.map { RouteTable.Route(method: $0.method, path: $0.path.description) })
    return router
}

/// The application serving `buildRouter` on the configured address. The caller owns the store:
/// it migrates it before and closes it after running the application.
public func buildApplication(
    _ configuration: FriendServerConfiguration,
    store: any FriendStore,
    onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
) -> Application<RouterResponder<BasicRequestContext>> {
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
) -> Application<RouterResponder<BasicRequestContext>> {
    Application(
        router: buildRouter(store: store, configuration: configuration, feed: feed),
        configuration: ApplicationConfiguration(
            address: .hostname(configuration.hostname, port: configuration.port),
            serverName: "FriendService"
        ),
        services: [feed],
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: configuration.logger
    )
}

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

func buildRouter(
    store: any FriendStore, configuration: FriendServerConfiguration, feed: ChangeFeed, spaces: AccountSpaces? = nil
) -> Router<ConnectionRequestContext> {
    let logger = configuration.logger
    let watch = StorageWatch(logger: logger)
    let router = Router(context: ConnectionRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: RequestLoggingMiddleware(logger: logger))
    // Outside the envelope's middleware: refusals (a 404 for another person's id, say) are private too.
    if configuration.token != nil { router.add(middleware: PrivateAnswersMiddleware()) }
    router.add(middleware: ErrorEnvelopeMiddleware(logger: logger, watch: watch))
    let registry = configuration.registry(over: store)
    let presence = registry.map { AccountPresence(registry: $0, now: configuration.now) }
    if configuration.checksHostNames {
        router.add(middleware: HostCheckMiddleware(
            acceptedNames: configuration.acceptedHostNames,
            passesRequestsWithoutHost: true,
            refuse: { [names = configuration.acceptedHostNames, publicName = configuration.publicName] in
                throw APIError.misdirected(acceptedNames: names, publicName: publicName)
            }
        ))
    }
    router.add(middleware: ContentEncodingMiddleware())
    if let registry, let presence {
        router.add(middleware: AccountGate(
            presence: presence,
            authenticator: configuration.accountSecrets.flatMap { secrets in
                AccountAuthenticator(
                    registry: registry, secrets: secrets,
                    throttle: SignInThrottle(policy: configuration.signInPolicy, now: configuration.now), now: configuration.now
                )
            },
            spaces: spaces ?? AccountSpaces(mainStore: store, mainFeed: feed, configuration: configuration),
            clientAddress: ClientAddress(trustsProxyOnLoopback: configuration.behindProxy),
            servesWithoutAccounts: configuration.servesWithoutAccounts
        ))
    }
    if let token = configuration.token {
        router.add(middleware: BearerAuthMiddleware(
            token: token,
            throttle: SignInThrottle(policy: configuration.signInPolicy, now: configuration.now),
            refusedTokens: RefusedTokens(now: configuration.now),
            clientAddress: ClientAddress(trustsProxyOnLoopback: configuration.behindProxy)
        ))
    }
    let watched = watch.watching(store, writes: AnnouncingFriendStore(base: store, feed: feed))
    addAddressBookRoutes(
        to: router, store: watched, feed: feed, watch: watch,
        principal: CardDAVMiddleware<ConnectionRequestContext>.principal, isPrivate: configuration.token != nil,
        openAPIDocument: ServedOpenAPIDocument(beforeAccounts: configuration.token == nil ? .open : .token, presence: presence),
        configuration: configuration
    )
    if configuration.servesCeilingRoute {
        CeilingRoute.add(to: router)
    }
    return router
}

/// The routes of one address book (REST, the live feed, CardDAV) over `store`, which is
/// `watch`-ed and announces its writes to `feed`. `isPrivate`: only its owner may read it (the
/// router has `PrivateAnswersMiddleware` then).
func addAddressBookRoutes(
    to router: Router<ConnectionRequestContext>, store: any FriendStore, feed: ChangeFeed, watch: StorageWatch,
    principal: String, isPrivate: Bool, tagScope: String = "", openAPIDocument: ServedOpenAPIDocument,
    configuration: FriendServerConfiguration
) {
    let uidTurns = UIDTurns()
    router.add(middleware: CardDAVMiddleware(
        handler: CardDAVHandler(configuration: CardDAVMiddleware<ConnectionRequestContext>.configuration) { method, path, error in
            configuration.logger.unexpectedFailure(method: method, path: path, error: error)
        },
        addressBook: FriendAddressBook(store: store, uidTurns: uidTurns),
        principal: principal
    ))
    let responders = EndpointResponders(
        handlers: FriendHandlers(
            store: store, parser: FriendBodyParser(maximumBodySize: configuration.maximumBodySize), tagScope: tagScope
        ),
        cards: CardHandlers(
            store: store, maximumImportSize: configuration.maximumImportSize, uidTurns: uidTurns, tagScope: tagScope
        ),
        changeEvents: ChangeEventsController(feed: feed, limits: configuration.eventStreamLimits),
        // Private: asked again each time, with the account's tag (`PrivateAnswersMiddleware`).
        avatarCacheControl: isPrivate ? "private, no-cache" : "public, max-age=300",
        openAPIDocument: openAPIDocument,
        storageWatch: watch
    )
    for endpoint in FriendsEndpoint.allCases {
        router.add(endpoint, use: responders.responder(for: endpoint))
    }
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
    spaces: AccountSpaces? = nil,
    onServerRunning: @escaping @Sendable (_ port: Int) async -> Void = { _ in }
) -> Application<RouterResponder<ConnectionRequestContext>> {
    let limits = configuration.connectionLimits
    let spaces = spaces ?? AccountSpaces(mainStore: store, mainFeed: feed, configuration: configuration)
    return Application(
        router: buildRouter(store: store, configuration: configuration, feed: feed, spaces: spaces),
        server: GuardedHTTP1Channel.builder(limits: limits, refusalBody: .errorEnvelope, logger: configuration.logger),
        configuration: ApplicationConfiguration(
            address: .hostname(configuration.hostname, port: configuration.port),
            serverName: "FriendService",
            availableConnectionsDelegate: MaximumAvailableConnections(limits.maximumConnections, logger: configuration.logger)
        ),
        services: [feed, spaces],
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: configuration.logger
    )
}

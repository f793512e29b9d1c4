import FriendStorage
import HTTPServerKit
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle

/// The address book of each account as the server serves it: its own store, live feed and
/// routes, opened on the account's first request and kept until the server stops. Nothing is
/// shared between two accounts but the process, so that nothing of one can reach another.
///
/// As a service it runs the live feed of every account it opens and the watch that ends the
/// streams of sign-ins that no longer hold (`signIns`), and closes the stores it opened once the
/// server has finished its requests (the main store is the caller's).
actor AccountSpaces: Service {
    typealias Responder = RouterResponder<ConnectionRequestContext>

    private let mainStore: any FriendStore
    private let mainFeed: ChangeFeed
    private let configuration: FriendServerConfiguration
    /// `nil` in a program that cannot check passwords: it serves no account.
    nonisolated let signIns: SignInWatch?
    private var opened: [Int: Task<Responder, any Error>] = [:]
    /// The responders opened so far, read without a hop to the actor: every request of every
    /// account asks for one.
    private nonisolated let ready = NIOLockedValueBox<[Int: Responder]>([:])
    private var ownStores: [any FriendStore] = []
    private var feedsByAccount: [Int: ChangeFeed] = [:]
    private let feeds: AsyncStream<ChangeFeed>
    private let feedsToRun: AsyncStream<ChangeFeed>.Continuation

    init(mainStore: any FriendStore, mainFeed: ChangeFeed, configuration: FriendServerConfiguration) {
        self.mainStore = mainStore
        self.mainFeed = mainFeed
        self.configuration = configuration
        if let registry = configuration.registry(over: mainStore), let secrets = configuration.accountSecrets {
            signIns = SignInWatch(registry: registry, secrets: secrets)
        } else {
            signIns = nil
        }
        (feeds, feedsToRun) = AsyncStream.makeStream()
    }

    /// The routes over `account`'s address book.
    nonisolated func responder(for account: Account) async throws -> Responder {
        if let responder = ready.withLockedValue({ $0[account.id] }) { return responder }
        return try await opening(account)
    }

    private func opening(_ account: Account) async throws -> Responder {
        if let opening = opened[account.id] { return try await opening.value }
        let opening = Task { try await self.open(account) }
        opened[account.id] = opening
        do {
            let responder = try await opening.value
            ready.withLockedValue { $0[account.id] = responder }
            return responder
        } catch {
            opened[account.id] = nil
            throw error
        }
    }

    private func open(_ account: Account) async throws -> Responder {
        if account.ownsMainStore {
            feedsByAccount[account.id] = mainFeed
            return Self.router(store: mainStore, feed: mainFeed, account: account, configuration: configuration).buildResponder()
        }
        let location = configuration.database.location(ofAccount: account)
        let store: any FriendStore
        do {
            store = try await location.openStore(using: configuration.backends, logger: configuration.logger)
        } catch let error as DatabaseError {
            throw Self.cannotOpen(account, error)
        }
        do {
            try await store.migrate()
        } catch {
            try? await store.close()
            if let error = error as? DatabaseError { throw Self.cannotOpen(account, error) }
            throw error
        }
        ownStores.append(store)
        let feed = makeChangeFeed(store: store, configuration: configuration)
        feedsToRun.yield(feed)
        feedsByAccount[account.id] = feed
        return Self.router(store: store, feed: feed, account: account, configuration: configuration).buildResponder()
    }

    /// An account's store that cannot be made or brought up to date (a role that may not create
    /// its schema, a folder it may not write) is the operator's to mend: 503, logged with the cause.
    private static func cannotOpen(_ account: Account, _ error: DatabaseError) -> FriendStoreError {
        .unavailable("the address book of account \(account.id) (\(account.name)) cannot be opened: \(error.message)")
    }

    private static func router(
        store: any FriendStore, feed: ChangeFeed, account: Account, configuration: FriendServerConfiguration
    ) -> Router<ConnectionRequestContext> {
        let router = Router(context: ConnectionRequestContext.self, options: .autoGenerateHeadEndpoints)
        let watch = StorageWatch(logger: configuration.logger)
        // Outside the envelope's middleware: refusals (a 404 for an id, say) are this person's too.
        router.add(middleware: PrivateAnswersMiddleware())
        router.add(middleware: ErrorEnvelopeMiddleware(logger: configuration.logger, watch: watch))
        let watched = watch.watching(store, writes: AnnouncingFriendStore(base: store, feed: feed))
        addAddressBookRoutes(
            to: router, store: watched, feed: feed, watch: watch, principal: account.name.rawValue, isPrivate: true,
            tagScope: "a\(account.id).", openAPIDocument: .ofAnAccount, configuration: configuration
        )
        return router
    }

    /// The live feed of an account opened so far (tests wait for its subscribers).
    func feed(ofAccount id: Int) -> ChangeFeed? { feedsByAccount[id] }

    func run() async throws {
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                if let signIns {
                    group.addTask { try? await cancelWhenGracefulShutdown { try await signIns.run() } }
                }
                for await feed in feeds {
                    group.addTask { try? await feed.run() }
                }
            }
        } onGracefulShutdown: {
            self.feedsToRun.finish()
        }
        for store in ownStores {
            try? await store.close()
        }
        ownStores = []
    }
}

import Foundation
import FriendsClient
import FriendsNIOTransport
import FriendsViewModels
import FriendsWeb
import HTTPServerKit
import Logging
import NIOCore
import WebUI

/// Connects to (or starts) FriendService and serves the Friends pages to browsers on this
/// machine until Ctrl-C (or SIGTERM); then ends the sessions and stops what it started.
@MainActor
struct WebLauncher {
    let backend: Backend
    let addsDemoFriends: Bool
    let port: Int
    let exposure: WebExposure

    func run() async throws {
        LoggingSystem.bootstrap { label in ServerLogHandler(label: label, logLevel: .warning) }
        let pages: FriendsPages
        do {
            pages = try FriendsPages.bundled()
        } catch {
            throw LaunchError("\(error)")
        }
        if case .remote(let address, let credentials) = backend {
            try await serveRemote(address, credentials: credentials, pages: pages)
            return
        }
        let (client, embedded) = try await backend.connect(signsPeopleIn: true)
        if let embedded, embedded.hasAccounts {
            do {
                try await serveSigningIn(to: embedded.url, pages: pages)
            } catch {
                await embedded.shutdown()
                throw error
            }
            await embedded.shutdown()
            return
        }
        _ = try await serveOpenly(client, embedded: embedded, pages: pages)
    }

    /// `--server`: served through a client of its own until FriendService refuses it. Without
    /// `--user` or `--token` FriendService decides: without accounts it is open and so are these
    /// pages, until its first account is added (`friendservice user add`); it then refuses requests
    /// that name no one, and from then on each person signs in here, until its last account is
    /// removed and the pages are open again. With them, a refusal (the token revoked, the password
    /// changed) closes the pages, which would go on showing what the client last read.
    private func serveRemote(_ address: ServerAddress, credentials: Credentials?, pages: FriendsPages) async throws {
        if let credentials { try await RemoteServerCheck.check(address, credentials: credentials) }
        // Heard across the servers one after the other: a Ctrl-C while one stops must stop the next.
        let signals = await ShutdownSignals()
        var signsPeopleIn = false
        if credentials == nil { signsPeopleIn = try await RemoteServerCheck.asksWhoYouAre(address) }
        if signsPeopleIn, await RemoteServerCheck.takesOnlyAToken(address) {
            throw LaunchError("FriendService at \(address) asks for its token, and has no accounts to sign in to: pass --token TOKEN (or set FRIENDS_TOKEN).")
        }
        while !signals.hasArrived {
            if signsPeopleIn {
                let reopened = Reopening()
                try await serveSigningIn(to: address.url, pages: pages, reopened: reopened, stopWhen: {
                    await withTaskGroup(of: Void.self) { either in
                        either.addTask { await signals.received() }
                        either.addTask { await reopened.happened() }
                        await either.next()
                        either.cancelAll()
                    }
                })
                guard !signals.hasArrived, reopened.hasHappened else { return }
                FileHandle.standardError.write(Data("FriendService at \(address) has no accounts any more: the pages are open again.\n".utf8))
            } else {
                let standing = SignInStanding()
                let client = AppServerClient(
                    baseURL: address.url, credentials: credentials,
                    transport: StandingNotingTransport(base: NIOHTTPTransport(), standing: standing),
                    eventTransport: StandingNotingEventTransport(base: NIOEventStreamTransport(), standing: standing)
                )
                guard try await serveOpenly(client, embedded: nil, pages: pages, until: standing, signals: signals) else { return }
                if let credentials {
                    throw LaunchError("FriendService at \(address) refused \(credentials) it took before (revoked, or changed), so the pages were closed.")
                }
                guard !signals.hasArrived else { return }
                FileHandle.standardError.write(Data("FriendService at \(address) now has accounts: each person signs in.\n".utf8))
            }
            signsPeopleIn.toggle()
        }
    }

    /// Serves the pages to anyone who reaches them, through `client`, until Ctrl-C (also one that
    /// `signals` heard before the server listened), or until FriendService refuses `client`
    /// (`standing`): then returns true, the sessions ended.
    private func serveOpenly(
        _ client: AppServerClient, embedded: EmbeddedFriendService?, pages: FriendsPages,
        until standing: SignInStanding? = nil, signals: ShutdownSignals? = nil
    ) async throws -> Bool {
        guard exposure.isLoopback, !exposure.behindProxy else {
            await embedded?.shutdown()
            throw LaunchError(
                "Only with accounts, where each person signs in, may friends web be reached from beyond this machine: "
                    + "add accounts (friendservice user add NAME) and pass --server without --user or --token, "
                    + "or open them with friends built with accounts (swift run --traits Accounts friends web)."
            )
        }
        let feed = FriendChangeFeed()
        let outcome: Result<Bool, any Error>
        do {
            if addsDemoFriends { try await DemoFriends.addIfEmpty(using: client) }
            // One live feed and one avatar cache for every browser session.
            feed.follow(client)
            let avatars = ImageLoader(avatarsFrom: client)
            let sessions = WebSessions {
                FriendsWebApp(client: client, avatars: avatars, feed: feed, pages: pages)
            }
            let routes = WebRoutes(sessions: sessions, stylesheet: pages.stylesheet, settings: settings)
            outcome = .success(try await serve(routes, until: standing, signals: signals))
        } catch {
            outcome = .failure(error)
        }
        feed.stop()
        await embedded?.shutdown()
        return try outcome.get()
    }

    /// Serves `routes` until Ctrl-C (false), or until `standing` no longer holds (true); `signals`,
    /// given with `standing`, is the Ctrl-C heard before this server listened.
    private func serve(_ routes: WebRoutes, until standing: SignInStanding?, signals: ShutdownSignals?) async throws -> Bool {
        guard let standing else {
            try await serve(routes)
            return false
        }
        try await serve(routes, stopWhen: {
            await withTaskGroup(of: Void.self) { either in
                either.addTask { await standing.untilRefused() }
                if let signals { either.addTask { await signals.received() } }
                await either.next()
                either.cancelAll()
            }
        })
        return !standing.holds && !(signals?.hasArrived ?? false)
    }

    /// Each person signs in; their session gets its own client, feed and avatars. `reopened` hears
    /// when a sign-in finds FriendService open to anyone (its last account removed).
    private func serveSigningIn(
        to serverURL: URL, pages: FriendsPages, reopened: Reopening? = nil, stopWhen: (@Sendable () async -> Void)? = nil
    ) async throws {
        var settings = settings
        settings.signIn = BrowserSignIn.make(serverURL: serverURL, pages: pages, reopened: reopened)
        try await serve(
            WebRoutes(sessions: WebSessions(makeApp: nil), stylesheet: pages.stylesheet, settings: settings), stopWhen: stopWhen
        )
    }

    private var settings: WebRoutes.Settings {
        var settings = WebRoutes.Settings()
        settings.acceptedHostNames = exposure.acceptedHostNames
        settings.behindProxy = exposure.behindProxy
        return settings
    }

    /// Where to open the app. Behind a reverse proxy the pages are served over its https address
    /// only (this one answers 403), so that is the address said, with this one as the proxy's.
    nonisolated static func openLine(url: URL, exposure: WebExposure) -> String {
        guard exposure.behindProxy else { return "Friends is open at \(url) (Ctrl-C stops it).\n" }
        let proxied = exposure.publicName.map { "https://\($0)/" } ?? "its https address"
        return "Friends is open at \(proxied), through the reverse proxy, which passes requests to \(url) (Ctrl-C stops it).\n"
    }

    private func serve(_ routes: WebRoutes, stopWhen: (@Sendable () async -> Void)? = nil) async throws {
        do {
            try await WebServer.run(
                routes: routes, host: exposure.host, port: port, logger: Logger(label: "friends.web"), stopWhen: stopWhen
            ) { url in
                // Written straight to the descriptor: a script reading the address sees it at once.
                FileHandle.standardOutput.write(Data(Self.openLine(url: url, exposure: exposure).utf8))
            }
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw LaunchError("Port \(port) is in use. Pass --port with another number, or --port 0 for any free port.")
        }
    }
}

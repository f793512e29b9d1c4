import Foundation
import FriendsClient
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
        if case .remote(let address, credentials: nil) = backend, try await RemoteServerCheck.asksWhoYouAre(address) {
            try await serveSigningIn(to: address.url, pages: pages)
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
        guard exposure.isLoopback, !exposure.behindProxy else {
            await embedded?.shutdown()
            throw LaunchError(
                "Only with accounts, where each person signs in, may friends web be reached from beyond this machine: "
                    + "add accounts (friendservice user add NAME) and pass --server without --user or --token, "
                    + "or open them with friends built with accounts (swift run --traits Accounts friends web)."
            )
        }
        let feed = FriendChangeFeed()
        let outcome: Result<Void, any Error>
        do {
            if addsDemoFriends { try await DemoFriends.addIfEmpty(using: client) }
            // One live feed and one avatar cache for every browser session.
            feed.follow(client)
            let avatars = ImageLoader(avatarsFrom: client)
            let sessions = WebSessions {
                FriendsWebApp(client: client, avatars: avatars, feed: feed, pages: pages)
            }
            try await serve(WebRoutes(sessions: sessions, stylesheet: pages.stylesheet, settings: settings))
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        feed.stop()
        await embedded?.shutdown()
        try outcome.get()
    }

    /// Each person signs in; their session gets its own client, feed and avatars.
    private func serveSigningIn(to serverURL: URL, pages: FriendsPages) async throws {
        var settings = settings
        settings.signIn = BrowserSignIn.make(serverURL: serverURL, pages: pages)
        try await serve(WebRoutes(sessions: WebSessions(makeApp: nil), stylesheet: pages.stylesheet, settings: settings))
    }

    private var settings: WebRoutes.Settings {
        var settings = WebRoutes.Settings()
        settings.acceptedHostNames = exposure.acceptedHostNames
        settings.behindProxy = exposure.behindProxy
        return settings
    }

    private func serve(_ routes: WebRoutes) async throws {
        do {
            try await WebServer.run(routes: routes, host: exposure.host, port: port, logger: Logger(label: "friends.web")) { url in
                // Written straight to the descriptor: a script reading the address sees it at once.
                FileHandle.standardOutput.write(Data("Friends is open at \(url) (Ctrl-C stops it).\n".utf8))
            }
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw LaunchError("Port \(port) is in use. Pass --port with another number, or --port 0 for any free port.")
        }
    }
}

import Foundation
import FriendsClient
import FriendsViewModels
import FriendsWeb
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

    func run() async throws {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .warning
            return handler
        }
        let pages: FriendsPages
        do {
            pages = try FriendsPages.bundled()
        } catch {
            throw LaunchError("\(error)")
        }
        let (client, embedded) = try await backend.connect()
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
            try await WebServer.run(
                routes: WebRoutes(sessions: sessions, stylesheet: pages.stylesheet),
                host: "127.0.0.1", port: port, logger: Logger(label: "friends.web")
            ) { url in
                // Written straight to the descriptor: a script reading the address sees it at once.
                FileHandle.standardOutput.write(Data("Friends is open at \(url) (Ctrl-C stops it).\n".utf8))
            }
            outcome = .success(())
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            outcome = .failure(LaunchError("Port \(port) is in use. Pass --port with another number, or --port 0 for any free port."))
        } catch {
            outcome = .failure(error)
        }
        feed.stop()
        await embedded?.shutdown()
        try outcome.get()
    }
}

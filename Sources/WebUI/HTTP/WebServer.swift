import Foundation
import HTTPServerKit
import Hummingbird
import HummingbirdCore
import Logging
import ServiceLifecycle

/// Serves a browser app (`WebRoutes`) until asked to stop.
public enum WebServer {
    /// Serves on `host`:`port` (port 0: the operating system picks one) and calls `onListening`
    /// with the app's URL once it accepts connections; returns after SIGINT or SIGTERM (or once
    /// `stopWhen` returns), once every session has ended and requests in flight have finished.
    ///
    /// Connections are guarded as FriendService's are (`ConnectionLimits`): a request's headers
    /// must arrive within the header timeout (counted from accept for the first), its body within
    /// the body timeout, an idle connection closes after the idle timeout, and connections beyond
    /// the maximum wait in the listen queue.
    public static func run(
        routes: WebRoutes,
        host: String,
        port: Int,
        limits: ConnectionLimits = ConnectionLimits(),
        logger: Logger,
        stopWhen: (@Sendable () async -> Void)? = nil,
        onListening: @escaping @Sendable (URL) async -> Void
    ) async throws {
        let application = makeApplication(routes: routes, host: host, port: port, limits: limits, logger: logger) { port in
            let shownHost = host.contains(":") ? "[\(host)]" : host
            if let url = URL(string: "http://\(shownHost):\(port)/") { await onListening(url) }
        }
        // Services stop in reverse order: the sessions end first, closing their event streams.
        let group = ServiceGroup(configuration: .init(
            services: [application, SessionKeeper(sessions: routes.sessions)],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        ))
        guard let stopWhen else { return try await group.run() }
        try await withThrowingTaskGroup(of: Bool.self) { tasks in
            tasks.addTask { try await group.run(); return true }
            tasks.addTask { await stopWhen(); await group.triggerGracefulShutdown(); return false }
            // The group's end ends the wait (which must return when cancelled); the wait's end
            // asks the group to stop as a signal does, and the group's end follows.
            if try await tasks.next() == true { tasks.cancelAll() }
            try await tasks.waitForAll()
        }
    }

    /// The application `run` serves: the routes behind the guarded HTTP/1 channel.
    static func makeApplication(
        routes: WebRoutes,
        host: String,
        port: Int,
        limits: ConnectionLimits,
        logger: Logger,
        onServerRunning: @escaping @Sendable (_ port: Int) async -> Void
    ) -> some ApplicationProtocol {
        Application(
            router: routes.router(),
            server: GuardedHTTP1Channel.builder(limits: limits, refusalBody: .webPage, logger: logger),
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: port),
                serverName: "WebUI",
                availableConnectionsDelegate: MaximumAvailableConnections(limits.maximumConnections, logger: logger)
            ),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
            logger: logger
        )
    }
}

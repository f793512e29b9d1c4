import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// Serves a browser app (`WebRoutes`) until asked to stop.
public enum WebServer {
    /// Serves on `host`:`port` (port 0: the operating system picks one) and calls `onListening`
    /// with the app's URL once it accepts connections; returns after SIGINT or SIGTERM, once
    /// every session has ended and requests in flight have finished.
    public static func run(
        routes: WebRoutes,
        host: String,
        port: Int,
        logger: Logger,
        onListening: @escaping @Sendable (URL) async -> Void
    ) async throws {
        let application = Application(
            router: routes.router(),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "WebUI"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? port
                let shownHost = host.contains(":") ? "[\(host)]" : host
                if let url = URL(string: "http://\(shownHost):\(port)/") { await onListening(url) }
            },
            logger: logger
        )
        // Services stop in reverse order: the sessions end first, closing their event streams.
        let group = ServiceGroup(configuration: .init(
            services: [application, SessionKeeper(sessions: routes.sessions)],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        ))
        try await group.run()
    }
}

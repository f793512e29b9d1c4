import ServiceLifecycle

/// Runs beside the web server: every `interval` it ends idle sessions and keeps open tabs'
/// streams alive. When the server is asked to stop it ends every session, which finishes the
/// open event streams, so the server (stopped after it: services stop in reverse order) has no
/// endless request left to wait for.
public struct SessionKeeper: Service {
    let sessions: WebSessions
    let interval: Duration

    public init(sessions: WebSessions, interval: Duration = .seconds(15)) {
        self.sessions = sessions
        self.interval = interval
    }

    public func run() async throws {
        let sessions = self.sessions
        let interval = self.interval
        try? await cancelWhenGracefulShutdown {
            while true {
                try await Task.sleep(for: interval)
                await MainActor.run {
                    sessions.endIdleSessions()
                    sessions.keepTabsAlive()
                }
            }
        }
        await MainActor.run { sessions.endAll() }
    }
}

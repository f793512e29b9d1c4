import FriendStorage

/// Hearing of writes by other processes on the same file: two `friends` windows, or `friends web`
/// beside the terminal app, each serve a live feed of their own over one SQLite file.
extension SQLiteFriendStore: FriendChangeListening {
    /// How often the file is asked whether another process committed.
    static let otherWritersPollInterval: Duration = .milliseconds(500)

    /// SQLite tells no one of a commit, but the writer's `PRAGMA data_version` moves whenever
    /// another connection commits (never for its own commits, which this process's feed hears of
    /// already): asked twice a second, it finds other processes' writes for the live feed.
    public func listenForChanges(onListening: @escaping @Sendable () -> Void, announce: @escaping @Sendable () -> Void) async {
        await listenForChanges(
            waiting: { try await Task.sleep(for: Self.otherWritersPollInterval) }, onListening: onListening, announce: announce
        )
    }

    /// `waiting` comes between two looks at the file, and throws once listening should end; tests
    /// decide when it returns.
    func listenForChanges(
        waiting: @Sendable () async throws -> Void,
        onListening: @escaping @Sendable () -> Void, announce: @escaping @Sendable () -> Void
    ) async {
        var seen = try? await dataVersion()
        onListening()
        while !Task.isCancelled {
            do { try await waiting() } catch { return }
            // A failed look (the disk, a lock) is tried again at the next one.
            guard let version = try? await dataVersion(), version != seen else { continue }
            seen = version
            announce()
        }
    }

    private func dataVersion() async throws -> Int? {
        try await writingAlone { try $0.integer("PRAGMA data_version") }
    }
}

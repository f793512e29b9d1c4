import NIOCore
import NIOPosix

/// Whether the address the server is to listen on is free, asked before the database is opened: a
/// server started by mistake beside a running one must not migrate the database under it (an
/// older server goes on writing as its own schema version reads cards).
enum PortProbe {
    /// Binds the address as the server will and lets it go; throws what binding throws
    /// (`EADDRINUSE` when another process listens there). Port 0 is always free.
    static func bindAndRelease(host: String, port: Int) async throws {
        guard port != 0 else { return }
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .bind(host: host, port: port)
            .get()
        try await channel.close()
    }
}

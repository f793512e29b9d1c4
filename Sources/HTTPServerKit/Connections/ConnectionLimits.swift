/// How long a client may take and how many connections it may hold, so that slow or idle clients
/// never hold the server's resources indefinitely. The defaults are far beyond what a working client needs.
public struct ConnectionLimits: Sendable, Equatable {
    /// From accept (for a connection's first request) or from the first byte (for a later one) to
    /// the end of the request's headers; then `408` and the connection closes.
    public var headerTimeout: Duration
    /// From the end of the headers to the end of the body; then `408` and the connection closes.
    /// A body that keeps arriving earns more time (`minimumBodyRate`).
    public var bodyTimeout: Duration
    /// Bytes a second: each such many of a body moves its timeout a second further, so a big body
    /// over a slow link (an import of thousands of cards) is read to its end, and a trickle is not.
    public var minimumBodyRate: Int
    /// How long a keep-alive connection may wait for its next request before it is closed.
    public var idleTimeout: Duration
    /// Open connections beyond this wait in the listen queue until one closes.
    public var maximumConnections: Int
    /// Connections that have not sent a byte yet; past this, while fewer slots than this are free,
    /// the one silent longest is closed, so that connections which say nothing cannot take the
    /// slots real requests need. A tenth of `maximumConnections` (at least 1) unless set, also
    /// after `maximumConnections` changes.
    public var maximumSilentConnections: Int {
        get { silentConnectionsSet ?? max(1, maximumConnections / 10) }
        set { silentConnectionsSet = newValue }
    }
    private var silentConnectionsSet: Int?
    /// How long a connection must have said nothing before it may be closed to make room.
    public var silencePatience: Duration
    /// How long a connection that was told to close may still send once the client has everything
    /// sent to it (on shutdown, at all), before it is closed anyway; and, on shutdown, how long an
    /// answer may wait for the client to take more of it.
    public var closeGrace: Duration
    /// How long an answer's writes may wait for the client to take more of it (the socket's buffer
    /// full) before the connection is closed: a client that stops reading holds nothing for ever.
    public var writeTimeout: Duration

    public init(
        headerTimeout: Duration = .seconds(10),
        bodyTimeout: Duration = .seconds(30),
        idleTimeout: Duration = .seconds(60),
        maximumConnections: Int = 1_000,
        maximumSilentConnections: Int? = nil,
        silencePatience: Duration = .seconds(1),
        closeGrace: Duration = .seconds(2),
        writeTimeout: Duration = .seconds(30),
        minimumBodyRate: Int = 16_384
    ) {
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
        self.idleTimeout = idleTimeout
        self.maximumConnections = maximumConnections
        silentConnectionsSet = maximumSilentConnections
        self.silencePatience = silencePatience
        self.closeGrace = closeGrace
        self.writeTimeout = writeTimeout
        self.minimumBodyRate = minimumBodyRate
    }
}

/// What one event-stream connection may cost the server when its client stops reading.
public struct EventStreamLimits: Sendable, Equatable {
    /// A write that makes no progress for this long (the client stopped reading and every
    /// buffer on the way is full) closes the connection.
    public var progressTimeout: Duration
    /// The kernel's send buffer for the stream's socket (the kernel may double it), so that what
    /// waits unsent is a few events, not megabytes behind a subscriber's own bounded buffer.
    public var sendBufferSize: Int
    /// Bytes the server may hold for the socket beyond the kernel's buffer before a write waits.
    public var pendingWriteLimit: Int

    public init(progressTimeout: Duration = .seconds(30), sendBufferSize: Int = 16 * 1024, pendingWriteLimit: Int = 32 * 1024) {
        self.progressTimeout = progressTimeout
        self.sendBufferSize = sendBufferSize
        self.pendingWriteLimit = pendingWriteLimit
    }
}

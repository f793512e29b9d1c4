/// The body of `GET /health`.
public struct HealthStatus: Codable, Sendable, Equatable {
    public var status: String
    public var database: String

    public init(status: String, database: String) {
        self.status = status
        self.database = database
    }
}

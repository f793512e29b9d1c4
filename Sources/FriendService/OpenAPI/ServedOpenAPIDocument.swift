import NIOCore

/// What `/openapi.json` answers. On a server that may have accounts, it depends on whether it
/// has any yet: the first account added changes how every client must sign in.
struct ServedOpenAPIDocument: Sendable {
    private let withoutAccounts: ByteBuffer
    private let withAccounts: ByteBuffer
    /// `nil` when the server can never have accounts, or always has (an account's own routes).
    private let presence: AccountPresence?

    /// For a server whose access, before any account, is `access`.
    init(beforeAccounts access: OpenAPIDocument.Access, presence: AccountPresence?) {
        withoutAccounts = ByteBuffer(bytes: OpenAPIDocument.served(for: access))
        withAccounts = presence == nil ? withoutAccounts : ByteBuffer(bytes: OpenAPIDocument.served(for: .accounts))
        self.presence = presence
    }

    /// For the routes of one account.
    static var ofAnAccount: ServedOpenAPIDocument { ServedOpenAPIDocument(beforeAccounts: .accounts, presence: nil) }

    func current() async throws -> ByteBuffer {
        guard let presence else { return withoutAccounts }
        return try await presence.hasAccounts() ? withAccounts : withoutAccounts
    }
}

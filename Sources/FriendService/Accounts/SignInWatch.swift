import FriendStorage
import NIOConcurrencyHelpers

/// How a request signed in: what must still hold for a stream it opened to go on.
enum SignInProof: Hashable, Sendable {
    /// The account's password, checked against this stored hash.
    case password(hash: String)
    /// A token of the account, as sent.
    case token(String)
    /// No account: the server had none when the request came, and served it without a sign-in.
    case noAccountYet
}

/// The account and proof of the request being served, for the live feed (`ChangeEventsController`)
/// to end its stream once they no longer hold.
struct SignedInRequest: Sendable {
    @TaskLocal static var current: SignedInRequest?

    /// `nil` for a request served without a sign-in, before the server had any account.
    let account: Account?
    let proof: SignInProof
    let watch: SignInWatch

    /// A request served without a sign-in: its stream holds only while there is still no account.
    static func withoutAccount(watch: SignInWatch) -> SignedInRequest {
        SignedInRequest(account: nil, proof: .noAccountYet, watch: watch)
    }
}

/// Ends the live-feed streams of sign-ins that no longer hold: the account was removed, its
/// password changed (for streams opened with the password) or the token revoked (for streams
/// opened with that token); and the streams opened without a sign-in once the first account is
/// added (it owns the address book they follow). A request is checked once, when it arrives; a
/// stream lasts for hours, so while any is open the registry is asked again every
/// `AccountAuthenticator.registryLifetime`.
final class SignInWatch: Sendable {
    /// A stream being watched; `end` when it ends by itself.
    struct Hold: Sendable {
        fileprivate let id: Int
        fileprivate let watch: SignInWatch

        func end() { watch.held.withLockedValue { $0.streams[id] = nil } }
    }

    private struct Stream: Sendable {
        /// `nil` for a stream opened without a sign-in.
        var accountID: Int?
        /// The password hash, or the digest of the token, the stream was opened with.
        var proof: SignInProof
        var finish: @Sendable () -> Void
    }

    private struct Held: Sendable {
        var streams: [Int: Stream] = [:]
        var lastID = 0
    }

    private let registry: any AccountRegistry
    private let secrets: any AccountSecrets
    private let held = NIOLockedValueBox(Held())

    init(registry: any AccountRegistry, secrets: any AccountSecrets) {
        self.registry = registry
        self.secrets = secrets
    }

    /// Watches the sign-in of `request`; `finish` ends its stream.
    func hold(_ request: SignedInRequest, finish: @escaping @Sendable () -> Void) -> Hold {
        let proof = storedProof(of: request)
        let id = held.withLockedValue { held in
            held.lastID += 1
            held.streams[held.lastID] = Stream(accountID: request.account?.id, proof: proof, finish: finish)
            return held.lastID
        }
        return Hold(id: id, watch: self)
    }

    /// Whether the sign-in of `request` still holds, asked by a request that goes on writing for
    /// long (an import): the friends of an account removed meanwhile must not outlive it. A request
    /// served without a sign-in holds: the first account added takes over the book it writes to.
    func stillHolds(_ request: SignedInRequest) async throws -> Bool {
        guard let account = request.account else { return true }
        let proof = storedProof(of: request)
        return try await validProofs(ofAccount: account.id, among: [proof]).contains(proof)
    }

    /// Whether the account `request` signed in to has been removed (its friends with it); false
    /// while the registry does not answer.
    func accountIsGone(_ request: SignedInRequest) async -> Bool {
        guard let account = request.account else { return false }
        do {
            return try await registry.account(id: account.id) == nil
        } catch {
            return false
        }
    }

    /// The proof as the registry keeps it: a token by its digest.
    private func storedProof(of request: SignedInRequest) -> SignInProof {
        switch request.proof {
        case .password, .noAccountYet: request.proof
        case .token(let token): .token(secrets.tokenDigest(token))
        }
    }

    /// How many streams are watched (tests wait on it).
    var count: Int { held.withLockedValue { $0.streams.count } }

    /// Asks the registry about every account with a stream open, and ends the streams whose
    /// sign-in no longer holds. A registry that does not answer ends nothing: it is asked again next time.
    func recheck() async {
        let streams = held.withLockedValue { $0.streams }
        var ended: [Int] = []
        for (accountID, ofAccount) in Dictionary(grouping: streams, by: { $0.value.accountID }) {
            guard let accountID else {
                if (try? await registry.hasAccounts()) == true { ended += ofAccount.map(\.key) }
                continue
            }
            guard let stillValid = try? await validProofs(ofAccount: accountID, among: Set(ofAccount.map(\.value.proof))) else { continue }
            ended += ofAccount.filter { !stillValid.contains($0.value.proof) }.map(\.key)
        }
        let finishing = held.withLockedValue { held in ended.compactMap { held.streams.removeValue(forKey: $0)?.finish } }
        for finish in finishing { finish() }
    }

    /// Which of `proofs` still sign in to the account.
    private func validProofs(ofAccount id: Int, among proofs: Set<SignInProof>) async throws -> Set<SignInProof> {
        guard let account = try await registry.account(id: id) else { return [] }
        var valid: Set<SignInProof> = [.password(hash: account.passwordHash)]
        if proofs.contains(where: { if case .token = $0 { true } else { false } }) {
            valid.formUnion(try await registry.tokens(ofAccount: id).map { .token($0.digest) })
        }
        return proofs.intersection(valid)
    }

    /// Rechecks every `interval` until cancelled.
    func run(every interval: Duration = AccountAuthenticator.registryLifetime) async throws {
        while true {
            try await Task.sleep(for: interval)
            await recheck()
        }
    }
}

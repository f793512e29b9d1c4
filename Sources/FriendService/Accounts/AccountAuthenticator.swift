import FriendStorage
import HTTPServerKit
import NIOConcurrencyHelpers

/// How long a change made with `friendservice user` (a removed account, a new password, a revoked
/// token) may take to reach a running server: until then it lets the old sign-in in.
public let accountChangesReachServersWithin: Duration = AccountAuthenticator.registryLifetime

/// Finds the account that a request's credentials name. The slow password hash is checked once
/// per name and password: a success is remembered under a keyed digest of them
/// (`AccountSecrets.cacheDigest`), never the password, for as long as the stored hash stays the
/// same. What the registry says is kept for `registryLifetime`, so `friendservice user` changes
/// (a new password, a revoked token, a removed account) reach a running server within it.
final class AccountAuthenticator: Sendable {
    enum Outcome: Equatable {
        case signedIn(Account, by: SignInProof)
        case refused
        /// Too many failures: try again after this long.
        case throttled(Duration)
        /// Too many passwords are being checked at once: try again shortly.
        case busy
    }

    static let registryLifetime: Duration = .seconds(2)
    /// Entries of each cache; a full cache starts again empty.
    private static let cacheCapacity = 1_000

    private struct Remembered<Value: Sendable>: Sendable {
        var value: Value
        var fetched: ContinuousClock.Instant
    }

    private struct Cache: Sendable {
        var byName: [AccountName: Remembered<Account?>] = [:]
        /// By the token as sent (only what `AccountSecrets.mayBeToken`, never a password): the
        /// request holds it anyway, and a lookup then costs no digest.
        var byToken: [String: Remembered<Account?>] = [:]
        /// Keyed digest of name and password → the password hash it was checked against.
        var checkedPasswords: [String: String] = [:]
        /// Keyed digest of the address, name and password (or token) of a refusal → the password
        /// hash it was refused against ("" for a name without an account, or a token), and when it
        /// was last sent.
        var refusals: [String: Refusal] = [:]
    }

    private struct Refusal: Sendable {
        var passwordHash: String
        var lastSent: ContinuousClock.Instant
    }

    /// How long a refusal is remembered after it was last sent again.
    static let refusalLifetime: Duration = .seconds(15 * 60)

    let registry: any AccountRegistry
    let secrets: any AccountSecrets
    let throttle: SignInThrottle
    let passwordChecks: PasswordCheckQueue
    private let now: @Sendable () -> ContinuousClock.Instant
    private let cache = NIOLockedValueBox(Cache())
    /// Password checks in flight, by a keyed digest of name and password.
    private let inFlight = NIOLockedValueBox<[String: Task<Outcome, any Error>]>([:])
    private let waiting = NIOLockedValueBox(0)
    /// Checked when the name is unknown, so that an unknown name costs the same time as a wrong
    /// password. Made on the first such attempt: a hash takes tens of megabytes for a moment, which
    /// a server that never meets one need not spend.
    private let decoyHash = NIOLockedValueBox<String?>(nil)

    init(
        registry: any AccountRegistry,
        secrets: any AccountSecrets,
        throttle: SignInThrottle,
        passwordChecks: PasswordCheckQueue = PasswordCheckQueue(),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.registry = registry
        self.secrets = secrets
        self.throttle = throttle
        self.passwordChecks = passwordChecks
        self.now = now
    }

    /// `address` is read only when the throttle is asked: not for a valid token.
    func authenticate(_ credentials: Credentials, address clientAddress: @autoclosure () -> String?) async throws -> Outcome {
        // A valid token passes without the throttle: nobody guesses 256 random bits, so there is
        // nothing to slow down, and an app signed in with a token (every request of a contact app)
        // is never held back by someone else's failures, from its address or against its name.
        if let (account, token) = try await account(forTokenIn: credentials) { return .signedIn(account, by: .token(token)) }
        // Nor does a name and password already checked: they are no guess, and a client that
        // sends several requests at once must not meet the count its own requests reserve.
        if let account = try await accountWithCheckedPassword(in: credentials) {
            return .signedIn(account, by: .password(hash: account.passwordHash))
        }
        let address = clientAddress()
        let countedName = credentials.name.map { (try? AccountName(validating: $0))?.rawValue ?? $0 }
        if let wait = throttle.holdsBack(address: address, name: countedName) { return .throttled(wait) }
        // A password or token this address was refused before, while the account's password
        // stays the same, is refused again and not counted: it is no new guess, but most often a
        // device still holding a password since changed (or a revoked token), trying again on its
        // own. Counted, it would keep the owner out, from that address or against their name. Only
        // after the throttle: a held-back guess is told nothing, not even that it was tried before.
        if try await isRefusedBefore(credentials, address: address) {
            // As long as a first refusal takes, so that the time does not tell it was tried before.
            if case .basic(_, let secret) = credentials {
                do { try await checkAgainstDecoy(secret) } catch is PasswordCheckQueue.Full { return .busy }
            }
            return .refused
        }
        guard case .basic(_, let secret) = credentials, let countedName else {
            return try await attempt(credentials, address: address, countedName: countedName)
        }
        // Requests sent at once from one address with the same name and password (a client's first
        // burst after a restart) wait for one check, and are one attempt.
        return try await once(attemptDigest(place: address.map(CountedAddress.of) ?? "", name: countedName, secret: secret)) {
            try await self.attempt(credentials, address: address, countedName: countedName)
        }
    }

    private func once(_ key: String, _ attempt: @escaping @Sendable () async throws -> Outcome) async throws -> Outcome {
        let (task, starts) = inFlight.withLockedValue { running in
            if let task = running[key] { return (task, false) }
            let task = Task { try await attempt() }
            running[key] = task
            return (task, true)
        }
        waiting.withLockedValue { $0 += 1 }
        defer {
            waiting.withLockedValue { $0 -= 1 }
            if starts { inFlight.withLockedValue { $0[key] = nil } }
        }
        return try await task.value
    }

    /// Requests waiting for a password check (tests wait on it).
    var requestsWaitingForChecks: Int { waiting.withLockedValue { $0 } }

    /// One attempt through the throttle: counted when it begins, taken back unless it fails.
    private func attempt(_ credentials: Credentials, address: String?, countedName: String?) async throws -> Outcome {
        if let wait = throttle.begin(address: address, name: countedName) { return .throttled(wait) }
        let check: PasswordCheck
        do {
            check = try await checkPassword(in: credentials)
        } catch is PasswordCheckQueue.Full {
            throttle.withdrawn(address: address, name: countedName)
            return .busy
        } catch {
            throttle.withdrawn(address: address, name: countedName)
            throw error
        }
        guard case .matched(let named) = check else {
            if case .refused(let checkedHash) = check { rememberRefusal(of: credentials, address: address, against: checkedHash) }
            return .refused
        }
        throttle.succeeded(address: address, name: countedName, as: named.name.rawValue)
        return .signedIn(named, by: .password(hash: named.passwordHash))
    }

    /// The account whose token `credentials` carry, as Bearer or as the password of its own name, and that token.
    private func account(forTokenIn credentials: Credentials) async throws -> (Account, token: String)? {
        switch credentials {
        case .bearer(let token):
            guard secrets.mayBeToken(token), let account = try await account(withToken: token) else { return nil }
            return (account, token)
        case .basic(let name, let secret):
            guard secrets.mayBeToken(secret), let account = try await account(withToken: secret),
                  account.name == (try? AccountName(validating: name)) else { return nil }
            return (account, secret)
        }
    }

    /// The account whose name and password `credentials` carry, if that password was checked
    /// against the account's current hash before (no slow hash now).
    private func accountWithCheckedPassword(in credentials: Credentials) async throws -> Account? {
        guard case .basic(let rawName, let secret) = credentials, !secret.isEmpty, let name = try? AccountName(validating: rawName),
              let named = try await account(named: name) else { return nil }
        return cache.withLockedValue({ $0.checkedPasswords[passwordKey(secret, of: named)] }) == named.passwordHash ? named : nil
    }

    private func passwordKey(_ password: String, of account: Account) -> String {
        secrets.cacheDigest(account.name.rawValue + "\u{0}" + password)
    }

    /// Whether `credentials` were refused from `address` before, against the account's current
    /// password hash (so not after a password change). An empty password is never remembered:
    /// unknown names and known ones must take as long and count alike.
    private func isRefusedBefore(_ credentials: Credentials, address: String?) async throws -> Bool {
        guard let (key, name) = refusalKey(credentials, address: address) else { return false }
        let expected = try await currentHash(of: name)
        let now = now()
        return cache.withLockedValue { cache in
            guard var refusal = cache.refusals[key], refusal.passwordHash == expected,
                  now - refusal.lastSent < Self.refusalLifetime else { return false }
            refusal.lastSent = now
            cache.refusals[key] = refusal
            return true
        }
    }

    /// Remembers a refusal against the hash the password was checked against (not one looked up
    /// afterwards, which a password changed meanwhile would make the new one's).
    private func rememberRefusal(of credentials: Credentials, address: String?, against checkedHash: String) {
        guard let (key, _) = refusalKey(credentials, address: address) else { return }
        let now = now()
        cache.withLockedValue { cache in
            if cache.refusals.count >= Self.cacheCapacity {
                cache.refusals = cache.refusals.filter { now - $0.value.lastSent < Self.refusalLifetime }
                if cache.refusals.count >= Self.cacheCapacity { cache.refusals = [:] }
            }
            cache.refusals[key] = Refusal(passwordHash: checkedHash, lastSent: now)
        }
    }

    /// The digest a refusal is remembered under, and the account name it concerns (nil for a token).
    /// Without an address (`friends web`, a program on this machine) nothing is remembered: all its
    /// users would share one memory.
    private func refusalKey(_ credentials: Credentials, address: String?) -> (String, AccountName?)? {
        guard let place = address.map(CountedAddress.of) else { return nil }
        switch credentials {
        case .bearer(let token):
            return token.isEmpty ? nil : (secrets.cacheDigest(place + "\u{0}\u{0}" + token), nil)
        case .basic(let rawName, let secret):
            guard !secret.isEmpty else { return nil }
            let name = try? AccountName(validating: rawName)
            return (attemptDigest(place: place, name: name?.rawValue ?? rawName, secret: secret), name)
        }
    }

    /// A keyed digest of where an attempt comes from, the name it gives and its password.
    private func attemptDigest(place: String, name: String, secret: String) -> String {
        secrets.cacheDigest(place + "\u{0}" + name + "\u{0}" + secret)
    }

    /// The password hash a refusal is remembered against: "" for a token or a name without an account.
    private func currentHash(of name: AccountName?) async throws -> String {
        guard let name else { return "" }
        return try await account(named: name)?.passwordHash ?? ""
    }

    private enum PasswordCheck {
        case matched(Account)
        /// Refused, against this password hash ("" for a name without an account, or a token).
        case refused(against: String)
    }

    /// Whether `credentials` carry the name and password of an account (Basic). An unknown name
    /// costs the same slow hash as a wrong password, so that the time taken does not tell which
    /// names exist.
    private func checkPassword(in credentials: Credentials) async throws -> PasswordCheck {
        guard case .basic(let rawName, let secret) = credentials else { return .refused(against: "") }
        guard !secret.isEmpty, let name = try? AccountName(validating: rawName), let named = try await account(named: name) else {
            try await checkAgainstDecoy(secret)
            return .refused(against: "")
        }
        return try await isPassword(secret, of: named) ? .matched(named) : .refused(against: named.passwordHash)
    }

    /// The slow hash of a password that matches nothing, for its time.
    private func checkAgainstDecoy(_ password: String) async throws {
        let decoy = try await decoy()
        _ = try await passwordChecks.run { [secrets] in secrets.verify(password: password, against: decoy) }
    }

    private func decoy() async throws -> String {
        if let made = decoyHash.withLockedValue({ $0 }) { return made }
        let made = try await passwordChecks.run { [secrets] in (try? secrets.hash(password: secrets.newToken())) ?? "" }
        decoyHash.withLockedValue { $0 = made }
        return made
    }

    private func isPassword(_ password: String, of account: Account) async throws -> Bool {
        let key = passwordKey(password, of: account)
        let storedHash = account.passwordHash
        guard try await passwordChecks.run({ [secrets] in secrets.verify(password: password, against: storedHash) }) else { return false }
        cache.withLockedValue { cache in
            if cache.checkedPasswords.count >= Self.cacheCapacity { cache.checkedPasswords = [:] }
            cache.checkedPasswords[key] = account.passwordHash
        }
        return true
    }

    private func account(named name: AccountName) async throws -> Account? {
        if let known = fresh(cache.withLockedValue { $0.byName[name] }) { return known }
        let account = try await registry.account(named: name)
        remember(account, at: name, in: \.byName)
        return account
    }

    private func account(withToken token: String) async throws -> Account? {
        if let known = fresh(cache.withLockedValue { $0.byToken[token] }) { return known }
        let account = try await registry.account(withTokenDigest: secrets.tokenDigest(token))
        // Only valid tokens are remembered: random ones sent by the thousand must not push them out.
        if account != nil { remember(account, at: token, in: \.byToken) }
        return account
    }

    private func remember<Key: Hashable & Sendable>(
        _ account: Account?, at key: Key, in table: WritableKeyPath<Cache, [Key: Remembered<Account?>]> & Sendable
    ) {
        let fetched = now()
        cache.withLockedValue { cache in
            if cache[keyPath: table].count >= Self.cacheCapacity { cache[keyPath: table] = [:] }
            cache[keyPath: table][key] = Remembered(value: account, fetched: fetched)
        }
    }

    private func fresh<Value: Sendable>(_ remembered: Remembered<Value>?) -> Value? {
        guard let remembered, now() - remembered.fetched < Self.registryLifetime else { return nil }
        return remembered.value
    }
}

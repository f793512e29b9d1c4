/// The cryptography of accounts, from a maintained library (the `FriendAccounts` module), kept
/// behind this protocol so that a program without accounts does not build it.
public protocol AccountSecrets: Sendable {
    /// A new salted slow hash of `password`, self-describing (algorithm, parameters, salt).
    func hash(password: String) throws -> String

    /// Whether `password` is the one `storedHash` was made from; constant time in the comparison.
    func verify(password: String, against storedHash: String) -> Bool

    /// A new token: long, random, printable.
    func newToken() -> String

    /// Whether `secret` has the shape of a token of `newToken`: a password that has not is never
    /// looked up, nor remembered, as a token.
    func mayBeToken(_ secret: String) -> Bool

    /// The SHA-256 digest of a token, as stored (lowercase hex).
    func tokenDigest(_ token: String) -> String

    /// A fast digest of `secret` keyed with a key of this process, for remembering a checked
    /// password in memory without keeping the password.
    func cacheDigest(_ secret: String) -> String
}

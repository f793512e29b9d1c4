import Crypto
import FriendStorage
import Foundation
import _CryptoExtras

/// The cryptography of accounts, all of it from swift-crypto (BoringSSL underneath).
///
/// Passwords are hashed with scrypt (`KDF.Scrypt`): it is memory-hard, so guessing on graphics
/// cards or custom chips costs far more than with PBKDF2, and it comes with the library the
/// package already builds for PostgreSQL's TLS (bcrypt is not in it, and cuts passwords at 72
/// bytes). The parameters, N = 2^15, r = 8, p = 3, are one of the equivalent settings OWASP's
/// password storage guidance recommends at least: 32 MiB and about 200 ms for one hash in a
/// release build on a busy two-core machine (README, "Accounts").
/// Each hash has a salt of 16 random bytes and names its parameters (`ScryptHash`), so they can
/// be raised later without invalidating what is stored.
///
/// Tokens are 32 random bytes; a stored token is only its SHA-256 digest, which is enough for a
/// secret that long and cheap to check on every request.
public struct AccountCrypto: AccountSecrets {
    /// The start of every token, so that people (and secret scanners) recognise one.
    public static let tokenPrefix = "fsat_"
    /// Longer passwords are refused before hashing: they add nothing, and cost work.
    public static let maximumPasswordBytes = 1_024

    static let saltBytes = 16
    static let hashBytes = 32

    private let parameters: ScryptHash.Parameters
    /// Keyed afresh for every instance (a cache digest means nothing outside this process), once:
    /// each digest starts from a copy, which spares the key's two blocks on every request.
    private let keyedCacheHMAC = HMAC<SHA256>(key: SymmetricKey(size: .bits256))

    public init() {
        self.init(parameters: .standard)
    }

    init(parameters: ScryptHash.Parameters) {
        self.parameters = parameters
    }

    public func hash(password: String) throws -> String {
        try Self.check(password)
        let salt = Self.randomBytes(Self.saltBytes)
        let hash = try Self.scrypt(Self.bytes(of: password), salt: salt, parameters: parameters, byteCount: Self.hashBytes)
        return ScryptHash(parameters: parameters, salt: salt, hash: hash.withUnsafeBytes(Array.init)).text
    }

    public func verify(password: String, against storedHash: String) -> Bool {
        guard (try? Self.check(password)) != nil, let stored = ScryptHash(parsing: storedHash) else { return false }
        let normalized = Self.bytes(of: password)
        // A hash made before passwords were normalized may be of the bytes as typed.
        let candidates = Array(password.utf8) == normalized ? [normalized] : [normalized, Array(password.utf8)]
        return candidates.contains { bytes in
            guard let derived = try? Self.scrypt(bytes, salt: stored.salt, parameters: stored.parameters, byteCount: stored.hash.count) else {
                return false
            }
            // `SymmetricKey`'s equality compares in constant time.
            return derived == SymmetricKey(data: stored.hash)
        }
    }

    public func newToken() -> String {
        Self.tokenPrefix + Self.base64URL(Self.randomBytes(32))
    }

    public func tokenDigest(_ token: String) -> String {
        Self.hex(SHA256.hash(data: Data(token.utf8)))
    }

    public func mayBeToken(_ secret: String) -> Bool {
        secret.hasPrefix(Self.tokenPrefix)
    }

    public func cacheDigest(_ secret: String) -> String {
        var code = keyedCacheHMAC
        var secret = secret
        secret.withUTF8 { code.update(data: $0) }
        return Self.hex(code.finalize())
    }

    /// Refuses an empty password and one longer than `maximumPasswordBytes`.
    public static func check(_ password: String) throws(PasswordError) {
        guard !password.isEmpty else { throw .empty }
        guard password.utf8.count <= maximumPasswordBytes else { throw .tooLong }
    }

    /// What is hashed: the password in Unicode NFC, as RFC 8265 prepares passwords, so that "é"
    /// typed as one character or as "e" and an accent (as some keyboards and systems send it) is
    /// the same password.
    private static func bytes(of password: String) -> [UInt8] {
        Array(password.precomposedStringWithCanonicalMapping.utf8)
    }

    static func scrypt(_ password: [UInt8], salt: [UInt8], parameters: ScryptHash.Parameters, byteCount: Int) throws -> SymmetricKey {
        try KDF.Scrypt.deriveKey(
            from: password, salt: salt, outputByteCount: byteCount,
            rounds: parameters.rounds, blockSize: parameters.blockSize, parallelism: parameters.parallelism
        )
    }

    /// From the system's cryptographically secure generator.
    private static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    private static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Lowercase hex, written in one buffer: a token's digest is made on every request.
    private static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

public enum PasswordError: Error, Sendable, Equatable, CustomStringConvertible {
    case empty, tooLong

    public var description: String {
        switch self {
        case .empty: "A password cannot be empty."
        case .tooLong: "A password has at most \(AccountCrypto.maximumPasswordBytes) bytes."
        }
    }
}

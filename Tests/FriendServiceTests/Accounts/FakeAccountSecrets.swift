import Foundation
import FriendStorage

/// Cheap, readable stand-ins for the cryptography of accounts, so that the server's tests are
/// about routing and isolation; `FriendAccountsTests` tests the real one.
struct FakeAccountSecrets: AccountSecrets {
    func hash(password: String) -> String { "fake$" + Data(password.utf8).base64EncodedString() }
    func verify(password: String, against storedHash: String) -> Bool { storedHash == hash(password: password) }
    func newToken() -> String { "token-" + UUID().uuidString }
    func mayBeToken(_ secret: String) -> Bool { secret.hasPrefix("token-") }
    func tokenDigest(_ token: String) -> String { "digest$" + token }
    func cacheDigest(_ secret: String) -> String { "cache$" + secret }
}

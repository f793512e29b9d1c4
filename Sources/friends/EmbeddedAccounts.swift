#if Accounts
import FriendAccounts
#endif
import FriendStorage

/// How the built-in FriendService checks passwords. A `friends` built with the Accounts trait
/// (`swift run --traits Accounts friends web`) has the cryptography of accounts, and `friends web`
/// signs people in to a database with accounts; the default build leaves swift-crypto out, and
/// such a database is refused with what to run instead.
enum EmbeddedAccounts {
    static var secrets: (any AccountSecrets)? {
        #if Accounts
        AccountCrypto()
        #else
        nil
        #endif
    }
}

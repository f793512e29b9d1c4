import Foundation
import FriendsAPI

/// How the client shows FriendService who it is: sent as `Authorization` with every request,
/// the live feed's included.
public enum Credentials: Sendable, Equatable {
    /// The token the server was started with, or a token of an account: `Bearer <token>`.
    case token(String)
    /// An account's name and password: `Basic <base64 of "name:password">`.
    case password(user: String, password: String)

    /// The value of the `Authorization` header.
    public var authorization: String {
        switch self {
        case .token(let token):
            FriendsHTTPHeader.bearer(token)
        case .password(let user, let password):
            "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        }
    }
}

extension Credentials: CustomStringConvertible {
    /// Says which kind, never the secret (so that logging a client leaks nothing).
    public var description: String {
        switch self {
        case .token: "a token"
        case .password(let user, _): "the password of \(user)"
        }
    }
}

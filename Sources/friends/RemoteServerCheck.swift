import FriendsAPI
import FriendsClient

/// Checks a `--server` before the screen is taken over, so the usual mistakes (nothing listening,
/// a missing token, a URL of something else) end with a clear message instead of an error row.
/// A server that is merely slow is let through: the list shows its spinner and, in the end, its error.
enum RemoteServerCheck {
    static let patience: Double = 3

    /// Whether the FriendService at `address` wants to know who is asking (it has accounts, or a
    /// token): then `friends web` signs each person in. Throws what `check` throws otherwise.
    static func asksWhoYouAre(_ address: ServerAddress) async throws(LaunchError) -> Bool {
        do {
            try await check(address, credentials: nil)
            return false
        } catch let error where error.isUnauthorized {
            return true
        }
    }

    static func check(_ address: ServerAddress, credentials: Credentials?) async throws(LaunchError) {
        let client = AppServerClient(baseURL: address.url, credentials: credentials, timeout: patience)
        do {
            _ = try await client.friends(FriendListQuery(limit: 1))
        } catch .unreachable {
            throw LaunchError(
                "Cannot reach FriendService at \(address). Is it running? Leave out --server to use the built-in one."
            )
        } catch .unauthorized {
            throw LaunchError(isUnauthorized: true, credentials.map { "FriendService at \(address) did not accept \($0)." }
                ?? "FriendService at \(address) asks who you are: pass --user NAME, or --token TOKEN (or set FRIENDS_TOKEN).")
        } catch .notFound, .undecodable {
            throw LaunchError("\(address) does not answer like a FriendService (GET /friends failed).")
        } catch {
            return
        }
    }
}

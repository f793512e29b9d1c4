import Foundation
import FriendsAPI
import FriendsClient
import FriendsNIOTransport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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

    /// Whether a FriendService that asks who you are takes only its token (it has no accounts):
    /// its OpenAPI document names Bearer alone. No one can sign in by name there.
    static func takesOnlyAToken(_ address: ServerAddress, transport: any HTTPTransport = NIOHTTPTransport()) async -> Bool {
        let request = URLRequest(url: address.url.appendingPathComponent("openapi.json"), timeoutInterval: patience)
        guard let (data, response) = try? await transport.send(request), response.statusCode == 200,
              let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let schemes = (document["components"] as? [String: Any])?["securitySchemes"] as? [String: Any]
        else { return false }
        return schemes["bearer"] != nil && schemes["basic"] == nil
    }

    /// Over NIO by default: URLSession on Linux keeps a core busy while a server is slow to answer.
    static func check(
        _ address: ServerAddress, credentials: Credentials?, transport: any HTTPTransport = NIOHTTPTransport()
    ) async throws(LaunchError) {
        let client = AppServerClient(baseURL: address.url, credentials: credentials, timeout: patience, transport: transport)
        do {
            _ = try await client.friends(FriendListQuery(limit: 1))
        } catch .unreachable {
            throw LaunchError(
                "Cannot reach FriendService at \(address). Is it running? Leave out --server to use the built-in one."
            )
        } catch .unauthorized {
            // No password would do there: asking again would only hide that.
            if case .password? = credentials, await takesOnlyAToken(address, transport: transport) {
                throw LaunchError(
                    "FriendService at \(address) has no accounts, only its token: pass --token TOKEN (or set FRIENDS_TOKEN) instead of --user."
                )
            }
            throw LaunchError(isUnauthorized: true, credentials.map { "FriendService at \(address) did not accept \($0)." }
                ?? "FriendService at \(address) asks who you are: pass --user NAME, or --token TOKEN (or set FRIENDS_TOKEN).")
        } catch .notFound {
            throw notAFriendService(address, answered: "404")
        } catch .invalid {
            // A FriendService takes this request as it is; a 400 is another route's (`/friends/{id}`).
            throw notAFriendService(address, answered: "400")
        } catch .undecodable {
            throw notAFriendService(address, answered: "something else than friends")
        } catch {
            return
        }
    }

    /// Names the route asked for: the path of `--server`, when it has one, is the base of every route.
    private static func notAFriendService(_ address: ServerAddress, answered: String) -> LaunchError {
        let route = "GET \(address.basePath)/friends answered \(answered)"
        guard !address.basePath.isEmpty else {
            return LaunchError("\(address) does not answer like a FriendService (\(route)).")
        }
        return LaunchError(
            "--server \(address) does not answer like a FriendService (\(route)): the path of --server is the base of "
                + "every route, so leave it out when FriendService answers at its root, such as \(address.root)."
        )
    }
}

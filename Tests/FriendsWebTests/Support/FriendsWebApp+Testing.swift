import FriendsClient
import FriendsViewModels
@testable import FriendsWeb

extension FriendsWebApp {
    /// A session's app as `friends web` makes one: its avatars loaded through the same client.
    /// Every test builds its apps here, so a new dependency of the app is added in one place.
    @MainActor
    static func make(client: any FriendsProviding, pages: FriendsPages, feed: FriendChangeFeed? = nil) -> FriendsWebApp {
        FriendsWebApp(client: client, avatars: ImageLoader(avatarsFrom: client), feed: feed, pages: pages)
    }
}

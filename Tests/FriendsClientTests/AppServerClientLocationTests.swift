import Foundation
import FriendsClient
import Testing

@Suite struct AppServerClientLocationTests {
    @Test(arguments: [
        ("http://127.0.0.1:8080", true),
        ("http://localhost:8080/friends-api", true),
        ("http://[::1]:8080", true),
        ("https://friends.example.com", false),
        ("http://192.168.1.20:8080", false),
    ])
    func aServiceOnALoopbackAddressIsOnThisMachine(url: String, onThisMachine: Bool) {
        #expect(AppServerClient(baseURL: URL(string: url)!).isOnThisMachine == onThisMachine)
    }
}

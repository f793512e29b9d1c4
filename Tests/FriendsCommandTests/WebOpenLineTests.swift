import Foundation
import Testing
@testable import friends

/// The line `friends web` prints says an address that opens the app.
struct WebOpenLineTests {
    private let local = URL(string: "http://127.0.0.1:8090/")!

    @Test func onLoopbackTheServersOwnAddress() throws {
        let exposure = try WebExposure.parse([])
        #expect(WebLauncher.openLine(url: local, exposure: exposure) == "Friends is open at http://127.0.0.1:8090/ (Ctrl-C stops it).\n")
    }

    /// Behind a proxy the loopback address answers 403 ("open it at its https address"): the
    /// line names the proxy's address instead, and this one as where the proxy sends requests.
    @Test func behindAProxyThePublicHTTPSAddress() throws {
        let named = try WebExposure.parse(["--behind-proxy", "--public-name", "friends.example.org"])
        #expect(WebLauncher.openLine(url: local, exposure: named)
            == "Friends is open at https://friends.example.org/, through the reverse proxy, which passes requests to http://127.0.0.1:8090/ (Ctrl-C stops it).\n")
        let unnamed = try WebExposure.parse(["--behind-proxy"])
        #expect(WebLauncher.openLine(url: local, exposure: unnamed).hasPrefix("Friends is open at its https address, through the reverse proxy"))
    }
}

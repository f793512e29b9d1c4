import NIOHTTP1
import Testing
@testable import HTTPServerKit

@Suite("An absolute-form request target")
struct AbsoluteFormTargetTests {
    private func originForm(of target: String, host: String = "127.0.0.1") -> (uri: String, host: [String])? {
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target, headers: ["Host": host])
        return head.inOriginForm().map { ($0.uri, $0.headers["Host"]) }
    }

    @Test("takes its path and query as the target and its authority as the one Host")
    func converted() {
        #expect(originForm(of: "http://localhost:8080/friends?limit=2", host: "evil.example")! == ("/friends?limit=2", ["localhost:8080"]))
        #expect(originForm(of: "HTTPS://[::1]:8443/addressbooks/")! == ("/addressbooks/", ["[::1]:8443"]))
        #expect(originForm(of: "http://localhost")! == ("/", ["localhost"]))
        #expect(originForm(of: "http://localhost?limit=1")! == ("/?limit=1", ["localhost"]))
    }

    @Test("leaves a path alone and refuses what is not an http URL with a host of its own",
          arguments: ["/friends", "*", "friends", "ftp://localhost/", "http://user@localhost/", "http:///friends",
                      "http://localhost/#top", "localhost:8080"])
    func notConverted(target: String) {
        #expect(originForm(of: target) == nil)
    }
}

import Foundation
import Testing

@testable import FriendService

struct CredentialsTests {
    static func basic(_ text: String) -> String { "Basic " + Data(text.utf8).base64EncodedString() }

    @Test func bearerAndBasicAreReadWhateverTheSchemesCase() throws {
        #expect(try Credentials(header: "Bearer fsat_abc") == .bearer(token: "fsat_abc"))
        #expect(try Credentials(header: "bearer  fsat_abc \t") == .bearer(token: "fsat_abc"))
        #expect(try Credentials(header: "BEARER fsat_abc") == .bearer(token: "fsat_abc"))
        #expect(try Credentials(header: Self.basic("alice:pass:word")) == .basic(name: "alice", secret: "pass:word"))
        #expect(try Credentials(header: "basic " + Data("bob:é".utf8).base64EncodedString()) == .basic(name: "bob", secret: "é"))
    }

    @Test(arguments: [
        "Bearer", "Bearer ", "Bearer two words", "Bearertoken", "Basic", "Basic !!!", "Basic " + Data("no colon".utf8).base64EncodedString(),
        "Basic " + Data([0xFF, 0xFE, 0x3A]).base64EncodedString(), "Digest x", "Token abc",
    ])
    func anythingElseIsMalformed(header: String) {
        #expect(throws: Credentials.Problem.malformed) { try Credentials(header: header) }
    }

    @Test func aHeaderLongerThanAnyCredentialIsTooLong() {
        #expect(throws: Credentials.Problem.tooLong) { try Credentials(header: String(repeating: "B", count: 5_000)) }
        #expect(throws: Credentials.Problem.tooLong) { try Credentials(header: Self.basic(String(repeating: "a", count: 4_000) + ":pw")) }
    }

    @Test func noHeaderIsMissing() {
        #expect(throws: Credentials.Problem.missing) { try Credentials(header: nil) }
        #expect(throws: Credentials.Problem.missing) { try Credentials(header: "") }
    }
}

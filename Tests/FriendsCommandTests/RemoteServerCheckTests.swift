import Foundation
import FriendsClient
import Testing
@testable import friends

/// A `--server` that does not answer like a FriendService is said so before anything else runs,
/// naming the route asked for; a path in it is the base of every route.
@Suite(.timeLimit(.minutes(3))) struct RemoteServerCheckTests {
    private let pageOfNone = #"{"items": [], "nextCursor": null, "total": 0}"#

    @Test func aPathIsTheBaseOfEveryRoute() async throws {
        let transport = ScriptedTransport([(200, pageOfNone)])
        try await RemoteServerCheck.check(ServerAddress("http://127.0.0.1:8080/friends-api/")!, credentials: nil, transport: transport)
        #expect(await transport.requests.first?.url?.path == "/friends-api/friends")
    }

    @Test func aPathWhereNoFriendServiceAnswersIsExplainedWithTheOption() async {
        // `/friends/friends` is the route of one friend to FriendService: its id is not a number.
        let transport = ScriptedTransport([(400, #"{"error": {"message": "The friend id must be a whole number."}}"#)])
        await #expect(throws: LaunchError(
            "--server http://127.0.0.1:8080/friends does not answer like a FriendService (GET /friends/friends answered 400): "
                + "the path of --server is the base of every route, so leave it out when FriendService answers at its root, "
                + "such as http://127.0.0.1:8080."
        )) {
            try await RemoteServerCheck.check(ServerAddress("http://127.0.0.1:8080/friends")!, credentials: nil, transport: transport)
        }
    }

    @Test func somethingElseAtTheRootIsSaidPlainly() async {
        await #expect(throws: LaunchError("http://127.0.0.1:8080 does not answer like a FriendService (GET /friends answered 404).")) {
            try await RemoteServerCheck.check(
                ServerAddress("http://127.0.0.1:8080")!, credentials: nil, transport: ScriptedTransport([(404, "")])
            )
        }
    }

    /// `friends web` without `--token` before a FriendService that has only a token: nobody could
    /// sign in by name there, which its OpenAPI document tells (Bearer alone, no Basic).
    @Test func aServerOfATokenAloneIsToldByItsOpenAPIDocument() async {
        let address = ServerAddress("http://127.0.0.1:8080")!
        let tokenOnly = #"{"components": {"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}}}"#
        let accounts = #"{"components": {"securitySchemes": {"basic": {"type": "http", "scheme": "basic"}, "bearer": {"type": "http", "scheme": "bearer"}}}}"#
        let tokenTransport = ScriptedTransport([(200, tokenOnly)])
        #expect(await RemoteServerCheck.takesOnlyAToken(address, transport: tokenTransport))
        #expect(await tokenTransport.requests.first?.url?.path == "/openapi.json")
        #expect(await !RemoteServerCheck.takesOnlyAToken(address, transport: ScriptedTransport([(200, accounts)])))
        #expect(await !RemoteServerCheck.takesOnlyAToken(address, transport: ScriptedTransport([(404, "")])))
    }

    /// `--user` before a FriendService of a token alone is told so, not that the password was wrong
    /// (and not asked for it again); before one with accounts, a refused password is a refused password.
    @Test func aUserBeforeAServerOfATokenAloneIsToldToPassTheToken() async {
        let address = ServerAddress("http://127.0.0.1:8080")!
        let tokenOnly = #"{"components": {"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}}}"#
        let refused = #"{"error": {"message": "Sign in."}}"#
        let ada = Credentials.password(user: "ada", password: "secret")
        await #expect(throws: LaunchError(
            "FriendService at http://127.0.0.1:8080 has no accounts, only its token: pass --token TOKEN (or set FRIENDS_TOKEN) instead of --user."
        )) {
            try await RemoteServerCheck.check(address, credentials: ada, transport: ScriptedTransport([(401, refused), (200, tokenOnly)]))
        }
        let accounts = #"{"components": {"securitySchemes": {"basic": {"type": "http", "scheme": "basic"}}}}"#
        do {
            try await RemoteServerCheck.check(address, credentials: ada, transport: ScriptedTransport([(401, refused), (200, accounts)]))
            Issue.record("a refused password to be refused")
        } catch {
            #expect(error.isUnauthorized)
            #expect(error == LaunchError(isUnauthorized: true, "FriendService at http://127.0.0.1:8080 did not accept the password of ada."))
        }
    }
}

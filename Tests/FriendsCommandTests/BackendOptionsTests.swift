import ArgumentParser
import Foundation
import FriendsClient
import Testing
@testable import friends

/// Where `friends` finds its friends, and who it says it is there.
struct BackendOptionsTests {
    private func options(_ arguments: [String]) throws -> BackendOptions {
        try BackendOptions.parse(arguments)
    }

    private let server = ServerAddress("http://192.168.1.5:8080")!

    @Test func anAccountsPasswordComesFromTheEnvironmentAndIsSentAsBasic() throws {
        let backend = try options(["--server", "http://192.168.1.5:8080", "--user", "Alice"])
            .backend(environment: ["FRIENDS_PASSWORD": "pä ss:word"])
        #expect(backend == .remote(server, credentials: .password(user: "alice", password: "pä ss:word")))
    }

    @Test func aTokenIsSentAsABearerFromTheOptionOrTheEnvironment() throws {
        #expect(try options(["--server", "http://192.168.1.5:8080", "--token", "fsat_x"]).backend(environment: [:])
            == .remote(server, credentials: .token("fsat_x")))
        #expect(try options(["--server", "http://192.168.1.5:8080"]).backend(environment: ["FRIENDS_TOKEN": "t"])
            == .remote(server, credentials: .token("t")))
        #expect(try options(["--server", "http://192.168.1.5:8080"]).backend(environment: [:])
            == .remote(server, credentials: nil))
        // A password in the environment is for --user only.
        #expect(try options(["--server", "http://192.168.1.5:8080"]).backend(environment: ["FRIENDS_PASSWORD": "pw"])
            == .remote(server, credentials: nil))
    }

    @Test func withoutATerminalOrFRIENDS_PASSWORDThePasswordCannotBeAsked() throws {
        guard isatty(STDIN_FILENO) == 0 else { return }
        let options = try options(["--server", "http://192.168.1.5:8080", "--user", "alice"])
        #expect(throws: LaunchError("Cannot ask for the password: standard input is not a terminal. Set FRIENDS_PASSWORD instead.")) {
            try options.backend(environment: [:])
        }
        #expect(throws: LaunchError("FRIENDS_PASSWORD is empty, and the password cannot be asked for here: set it to the password of alice.")) {
            try options.backend(environment: ["FRIENDS_PASSWORD": ""])
        }
    }

    /// A password typed at the prompt and refused is asked for again, three times in all, as ssh
    /// asks; the screen is not taken over until one is accepted.
    @Test func aMistypedPasswordIsAskedForAgain() async throws {
        let options = try options(["--server", "http://192.168.1.5:8080", "--user", "alice"])
        let typed = Typed(["wrong", "right"])
        let backend = try await options.signedInBackend(
            environment: [:], askPassword: { _ in typed.next() }, tell: { typed.told.append($0) },
            check: { _, credentials throws(LaunchError) in
                guard credentials == .password(user: "alice", password: "right") else {
                    throw LaunchError(isUnauthorized: true, "FriendService at http://192.168.1.5:8080 did not accept alice's password.")
                }
            }
        )
        #expect(backend == .remote(server, credentials: .password(user: "alice", password: "right")))
        #expect(typed.asked == 2)
        #expect(typed.told == ["That password was not accepted. Try again."])
    }

    @Test func theThirdRefusalEnds() async throws {
        let options = try options(["--server", "http://192.168.1.5:8080", "--user", "alice"])
        let typed = Typed(["a", "b", "c", "d"])
        let refusal = LaunchError(isUnauthorized: true, "FriendService at http://192.168.1.5:8080 did not accept alice's password.")
        await #expect(throws: refusal) {
            try await options.signedInBackend(environment: [:], askPassword: { _ in typed.next() }, tell: { typed.told.append($0) },
                                              check: { _, _ throws(LaunchError) in throw refusal })
        }
        #expect(typed.asked == BackendOptions.passwordAttempts)
        #expect(typed.told.count == BackendOptions.passwordAttempts - 1)
    }

    /// FRIENDS_PASSWORD is what a script sets: it is not asked for again, nor is a token.
    @Test(arguments: [(["--user", "alice"], ["FRIENDS_PASSWORD": "wrong"]), (["--token", "t"], [:])])
    func credentialsNotTypedAreNotAskedFor(_ arguments: [String], _ environment: [String: String]) async throws {
        let options = try options(["--server", "http://192.168.1.5:8080"] + arguments)
        let typed = Typed([])
        let checks = Typed([])
        let backend = try await options.signedInBackend(
            environment: environment, askPassword: { _ in typed.next() }, tell: { typed.told.append($0) },
            check: { _, _ throws(LaunchError) in checks.asked += 1 }
        )
        #expect(backend == (try options.backend(environment: environment)))
        #expect(typed.asked == 0)
        #expect(checks.asked == 0)
    }

    @Test(arguments: [
        (["--user", "alice"], "--user is for a FriendService given with --server; the built-in one needs none."),
        (["--token", "t"], "--token is for a FriendService given with --server; the built-in one needs none."),
        (["--server", "http://h:1", "--user", "alice", "--token", "t"], "Pass --user or --token, not both: a token of an account already says whose it is."),
        (["--server", "http://h:1", "--user", "аlice"], "--user \"аlice\": A name may use only the letters a to z, digits, \".\", \"-\" and \"_\"."),
        (["--server", "http://h:1", "--user", "a:b"], "--user \"a:b\": A name may use only the letters a to z, digits, \".\", \"-\" and \"_\"."),
        (["--server", "http://alice:secret@h:1"], "--server takes no user name or password: pass --user NAME or --token TOKEN beside it."),
        (["--server", "http://h:1/?token=t"], "--server is the base URL of FriendService, without ?… or #…, not http://h:1/?token=t."),
        (["--server", "http://h:1/api#top"], "--server is the base URL of FriendService, without ?… or #…, not http://h:1/api#top."),
    ])
    func badCombinationsAreRefusedClearly(_ arguments: [String], _ message: String) {
        #expect {
            _ = try options(arguments)
        } throws: { error in
            BackendOptions.message(for: error) == message
        }
    }
}

/// Passwords typed at a prompt, in turn, and what was said to the person typing.
private final class Typed {
    var passwords: [String]
    var asked = 0
    var told: [String] = []

    init(_ passwords: [String]) { self.passwords = passwords }

    func next() -> String? {
        asked += 1
        return passwords.isEmpty ? nil : passwords.removeFirst()
    }
}

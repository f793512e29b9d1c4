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

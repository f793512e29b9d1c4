import ArgumentParser
import Testing
@testable import friends

/// What `friends web` says about its own options.
struct CommandLineHelpAndValuesTests {
    @Test(arguments: ["-1", "65536"])
    func aPortOutOfRangeIsRefusedForItsNumber(_ port: String) {
        #expect {
            _ = try FriendsCommand.parseAsRoot(["web", "--port", port])
        } throws: { error in
            FriendsCommand.message(for: error) == "--port must be from 0 to 65535, not \(port)."
        }
    }

    @Test func theHelpOfWebGivesTheDefaultHostOnce() {
        let help = FriendsCommand.helpMessage(for: WebCommand.self, columns: 200)
        #expect(help.components(separatedBy: "127.0.0.1").count == 2, "\(help)")
    }
}

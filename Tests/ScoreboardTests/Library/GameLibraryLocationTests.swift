import Foundation
import Testing
@testable import Scoreboard

@Suite("Game library location")
struct GameLibraryLocationTests {
    let home = URL(fileURLWithPath: "/home/ada", isDirectory: true)

    @Test("XDG_DATA_HOME decides where the library lives")
    func usesXDGDataHome() {
        let url = GameLibraryLocation.defaultFileURL(environment: ["XDG_DATA_HOME": "/data/ada"], homeDirectory: home)
        #expect(url.path == "/data/ada/friends/scoreboard.json")
    }

    @Test("Without XDG_DATA_HOME, or with a relative one, it is ~/.local/share")
    func fallsBackToLocalShare() {
        for environment in [[:], ["XDG_DATA_HOME": "relative/path"], ["XDG_DATA_HOME": ""]] {
            let url = GameLibraryLocation.defaultFileURL(environment: environment, homeDirectory: home)
            #expect(url.path == "/home/ada/.local/share/friends/scoreboard.json")
        }
    }
}

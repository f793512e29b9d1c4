import Binding
import Clocks
import Observation
import Testing
@testable import Scoreboard

/// The game's scoreboard through `ObservedViewModel`, as a SwiftUI view would read it: a move
/// redraws the score it read, and a tick of the clock redraws nothing that did not read the time.
@MainActor
@Suite("Game scoreboard through Observation")
struct GameScoreboardObservationTests {
    @MainActor
    final class Redraws {
        var count = 0
    }

    @Test("A move tells a view that read the score; the clock does not")
    func aMoveRedrawsTheScore() async {
        let clock = TestClock()
        let game = Game.sample()
        let scoreboard = ObservedViewModel(
            GameScoreboardViewModel(game: game, library: InMemoryGameLibrary(games: [game]), clock: clock)
        )
        let redraws = Redraws()
        var scores: [String] = []
        withObservationTracking {
            scores.append(scoreboard.score)
        } onChange: {
            MainActor.assumeIsolated { redraws.count += 1 }
        }

        scoreboard.viewModel.startPauseButtonTapped()
        await clock.advanceTicking(by: .milliseconds(100), count: 3)
        #expect(redraws.count == 0)
        scoreboard.viewModel.homePlayers[0].twoPointsButtonTapped()
        #expect(redraws.count == 1)
        #expect(scoreboard.score == "2 - 0")
        #expect(scores == ["0 - 0"])
    }
}

/// Display texts shared by the scoreboard and the game list.
extension Game {
    /// "H - A", home first (the article's `scorePretty`).
    var scoreText: String { "\(homeTeamScore) - \(awayTeamScore)" }

    /// "Bulls win 17 - 15", the winner's score first; nil while the game goes on.
    var resultText: String? {
        guard let winner else { return nil }
        let winnerScore = max(homeTeamScore, awayTeamScore)
        let loserScore = min(homeTeamScore, awayTeamScore)
        return "\(winner.name) win \(winnerScore) - \(loserScore)"
    }
}

extension Duration {
    /// "mm:ss.t": minutes, seconds and tenths, rounded down so the clock never runs ahead.
    var scoreboardClockText: String {
        let tenths = max(0, wholeMilliseconds / 100)
        let minutes = tenths / 600
        let seconds = tenths / 10 % 60
        return "\(twoDigits(minutes)):\(twoDigits(seconds)).\(tenths % 10)"
    }

    private func twoDigits(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}

import Scoreboard
import TerminalUI

/// One player's box: the number that selects it and the name in the border, the five counts inside.
///
/// ```
/// ┌─ ▸ 2 Bea ───────────────────────────┐
/// │ 1pt 0  2pt 3  Ast 1  Reb 0  Foul 2  │
/// └─────────────────────────────────────┘
/// ```
struct PlayerPanel {
    static let height = 3

    let number: Int
    let name: String
    /// Shown beside the name where the panels are not laid out under their team's name.
    let teamName: String?
    let counts: [(label: String, count: String)]
    let isSelected: Bool

    @MainActor
    init(number: Int, viewModel: PlayerScoreboardViewModel, teamName: String?, isSelected: Bool) {
        self.number = number
        self.name = viewModel.playerName
        self.teamName = teamName
        self.counts = PlayerMove.allCases.map { (MoveKeys.label(of: $0), viewModel.moveCount($0).value) }
        self.isSelected = isSelected
    }

    var title: String {
        (isSelected ? "▸ " : "") + "\(number) \(name)" + (teamName.map { " (\($0))" } ?? "")
    }

    var countsText: String {
        counts.map { "\($0.label) \($0.count)" }.joined(separator: "  ")
    }

    func draw(in canvas: inout Canvas, at rect: Rect) {
        let border = isSelected ? Style(foreground: .yellow, bold: true) : Style.plain
        Box(title: title, borderStyle: border, titleStyle: isSelected ? border : .bold).draw(in: &canvas, at: rect)
        let inside = Box.contentRect(of: rect)
        canvas.draw(countsText, row: inside.row, column: inside.column + 1, width: inside.width - 1)
    }
}

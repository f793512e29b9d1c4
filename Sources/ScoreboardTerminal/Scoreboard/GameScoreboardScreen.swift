import Binding
import Scoreboard
import TerminalUI

/// The scoreboard of one game: teams, score, clock and Start/Pause on top, the six player
/// panels below, a final banner once the game is over.
///
/// Keys: 1–6, Tab, the arrows or a click pick a player; o t a r f make that player's move;
/// u takes the latest move back; Space (or a click on Start/Pause) starts and pauses the clock;
/// q or Esc goes back to the list, after asking when the latest moves could not be saved. Where
/// the panels do not all fit, they scroll to keep the selected player in sight.
@MainActor
public final class GameScoreboardScreen: TerminalView {
    /// Narrower terminals stack the six panels in one column.
    static let twoColumnMinimumWidth = 72
    /// The header, one panel, the message row and the footer.
    public static let minimumSize = TerminalSize(rows: 10, columns: 40)

    public let viewModel: GameScoreboardViewModel
    /// The user asked to go back to the game list.
    public var onBack: (() -> Void)?
    private var selection = PlayerSelection()
    private let redraw: @MainActor () -> Void
    /// The first panel row shown when the panels do not all fit.
    private var scrollOffset = 0
    /// The focused button of the question asked before unsaved moves are left.
    private var leaveChoice = ConfirmationBox.Choice.cancel

    public init(viewModel: GameScoreboardViewModel, redraw: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        self.redraw = redraw
        viewModel.onLeave = { [weak self] in self?.onBack?() }
        bindOutputs()
    }

    public func handle(_ key: Key) -> KeyResult {
        if let question = viewModel.leaveConfirmation.value {
            handleLeaving(key, question)
            return .handled
        }
        switch key {
        case .character("q"), .escape:
            viewModel.backButtonTapped()
        case .character(" "):
            viewModel.startPauseButtonTapped()
        case .character("u"):
            viewModel.undoButtonTapped()
        default:
            guard !viewModel.isFinished.value else { return .ignored }
            switch key.clickedTarget {
            case .button?:
                viewModel.startPauseButtonTapped()
                return .handled
            case .item(let name)?:
                guard let number = Self.panelNumber(name) else { return .ignored }
                selection.select(number)
                return .handled
            default: break
            }
            if let move = MoveKeys.move(for: key) {
                selectedPlayer.moveButtonTapped(move)
            } else if !selection.handle(key) {
                return .ignored
            }
        }
        return .handled
    }

    private func handleLeaving(_ key: Key, _ question: GameLeavePrompt) {
        if let choice = ConfirmationBox(question).answer(to: key, focus: &leaveChoice) { answer(choice) }
    }

    private func answer(_ choice: ConfirmationBox.Choice) {
        if choice == .confirm { viewModel.leaveConfirmed() } else { viewModel.leaveCancelled() }
    }

    public var keyMap: KeyMap? { keys }

    private var keys: KeyMap {
        if viewModel.leaveConfirmation.value != nil {
            return KeyMap(title: "Leave game", ("←→", "Choose"), ("⏎", "Confirm"), ("Esc", "Stay"))
        }
        if viewModel.isFinished.value {
            return KeyMap(title: "Scoreboard", ("u", "Undo last move"), ("q", "Back to games"))
        }
        return KeyMap(title: "Scoreboard", entries: [KeyMap.Entry(key: "1-6/Tab", label: "Player")]
            + MoveKeys.all.map { KeyMap.Entry(key: String($0.key), label: $0.label) }
            + [KeyMap.Entry(key: "u", label: "Undo"),
               KeyMap.Entry(key: "Space", label: viewModel.startPauseButtonTitle.value),
               KeyMap.Entry(key: "q", label: "Back")])
    }

    public var minimumSize: TerminalSize { Self.minimumSize }

    /// The click target of panel `number` (1–6).
    static func panelTarget(_ number: Int) -> MouseTarget { .item("player \(number)") }

    private static func panelNumber(_ name: String) -> Int? {
        guard name.hasPrefix("player ") else { return nil }
        return Int(name.dropFirst("player ".count))
    }

    public func render(size: TerminalSize) -> Canvas {
        var canvas = Canvas(size: size)
        let message = messageLines(width: size.columns)
        let panelsArea = Rect(row: 4, column: 0, width: size.columns, height: max(0, size.rows - 5 - max(1, message.count)))
        let panelsEnd = drawPanels(in: &canvas, at: panelsArea)
        let bannerArea = Rect(row: panelsEnd + 1, column: 0, width: size.columns, height: 3)
        let hasRoomForBanner = bannerArea.endRow <= panelsArea.endRow
        drawHeader(in: &canvas, resultInHeader: !hasRoomForBanner)
        if let result = viewModel.result.value, hasRoomForBanner {
            drawBanner(result, in: &canvas, within: bannerArea)
        }
        for (index, line) in message.enumerated() {
            canvas.draw(line, row: size.rows - 1 - message.count + index, column: 0, style: .foreground(.red), width: size.columns)
        }
        footer(width: size.columns)
            .draw(in: &canvas, at: Rect(row: size.rows - 1, column: 0, width: size.columns, height: 1))
        if let question = viewModel.leaveConfirmation.value {
            ConfirmationBox(question, selection: leaveChoice).draw(in: &canvas, at: canvas.bounds)
        }
        return canvas
    }

    /// Why the last save failed, wrapped above the footer on at most three rows (the panels give
    /// them up): the reason is often at its end ("…: it is a folder, not a file.").
    private func messageLines(width: Int) -> [String] {
        guard let message = viewModel.saveErrorMessage.value else { return [] }
        let lines = TextLayout.wrap(message, width: max(1, width - 2)).prefix(3)
        return lines.enumerated().map { ($0.offset == 0 ? "! " : "  ") + $0.element }
    }

    private var selectedPlayer: PlayerScoreboardViewModel {
        let team = selection.isHome ? viewModel.homePlayers : viewModel.awayPlayers
        return team[selection.indexInTeam]
    }

    /// Team names and score, the clock, then Start/Pause, or once the game is over "FINAL"
    /// (with the result when the banner has no room under the panels).
    private func drawHeader(in canvas: inout Canvas, resultInHeader: Bool) {
        let width = canvas.size.columns
        let score = viewModel.score.value
        let sideWidth = max(0, (width - DisplayWidth.of(score)) / 2 - 2)
        canvas.draw(viewModel.homeTeam, row: 0, column: 1, style: .bold, width: sideWidth)
        let away = TextLayout.truncate(viewModel.awayTeam, toWidth: sideWidth)
        canvas.draw(away, row: 0, column: width - 1 - DisplayWidth.of(away), style: .bold)
        drawCentered(score, row: 0, style: .bold, in: &canvas)
        drawCentered(viewModel.time.value, row: 1, in: &canvas)
        if viewModel.isFinished.value {
            let result = viewModel.result.value.map { " · " + $0 } ?? ""
            drawCentered("FINAL" + (resultInHeader ? result : ""), row: 2, style: .bold, in: &canvas)
        } else {
            let button = Button(title: viewModel.startPauseButtonTitle.value, isFocused: true)
            button.draw(in: &canvas, at: Rect(row: 2, column: (width - button.width) / 2, width: button.width, height: 1))
        }
    }

    /// Draws the panels that fit in `area`, scrolled to show the selected one; returns the row
    /// after the last one drawn.
    private func drawPanels(in canvas: inout Canvas, at area: Rect) -> Int {
        var end = area.row
        let twoColumns = area.width >= Self.twoColumnMinimumWidth
        let showsSelection = !viewModel.isFinished.value
        let rowsPerColumn = (twoColumns ? PlayerSelection.playersPerTeam : PlayerSelection.count) * PlayerPanel.height
        let selectedTop = (twoColumns ? selection.indexInTeam : selection.index) * PlayerPanel.height
        scrollOffset = Scrolling.offset(keeping: selectedTop..<(selectedTop + PlayerPanel.height),
                                        visibleRows: area.height, contentRows: rowsPerColumn, current: scrollOffset)
        let teams = [(viewModel.homeTeam, viewModel.homePlayers), (viewModel.awayTeam, viewModel.awayPlayers)]
        for (teamIndex, (teamName, players)) in teams.enumerated() {
            for (playerIndex, player) in players.enumerated() {
                let number = teamIndex * PlayerSelection.playersPerTeam + playerIndex
                let panel = PlayerPanel(
                    number: number + 1, viewModel: player, teamName: twoColumns ? nil : teamName,
                    isSelected: showsSelection && number == selection.index)
                let rect: Rect
                if twoColumns {
                    let width = (area.width - 1) / 2
                    rect = Rect(row: area.row - scrollOffset + playerIndex * PlayerPanel.height,
                                column: teamIndex == 0 ? area.column : area.endColumn - width,
                                width: width, height: PlayerPanel.height)
                } else {
                    rect = Rect(row: area.row - scrollOffset + number * PlayerPanel.height, column: area.column,
                                width: area.width, height: PlayerPanel.height)
                }
                guard rect.row >= area.row, rect.endRow <= area.endRow else { continue }
                panel.draw(in: &canvas, at: rect)
                canvas.addTarget(Self.panelTarget(number + 1), at: rect)
                end = max(end, rect.endRow)
            }
        }
        Scrolling.drawIndicators(in: &canvas, at: area, offset: scrollOffset, contentRows: rowsPerColumn)
        return end
    }

    private func drawBanner(_ result: String, in canvas: inout Canvas, within area: Rect) {
        let box = area.centered(width: DisplayWidth.of(result) + 8, height: 3)
        Box(title: "Final", borderStyle: .bold).draw(in: &canvas, at: box)
        canvas.draw(result, row: box.row + 1, column: box.column + 4, style: .bold, width: box.width - 5)
    }

    private func drawCentered(_ text: String, row: Int, style: Style = .plain, in canvas: inout Canvas) {
        let width = canvas.size.columns
        let fitted = TextLayout.truncate(text, toWidth: width)
        canvas.draw(fitted, row: row, column: max(0, (width - DisplayWidth.of(fitted)) / 2), style: style)
    }

    /// Every move key with its name where the line has room, else the move keys together;
    /// "? Help" lists them all.
    private func footer(width: Int) -> Footer {
        let full = Footer(keys)
        if Footer.width(of: full.items) <= width || viewModel.isFinished.value || viewModel.leaveConfirmation.value != nil { return full }
        let keys = MoveKeys.all.map { String($0.key) }.joined(separator: "/")
        return Footer(items: [Footer.Item(key: "1-6", label: "Player"), Footer.Item(key: keys, label: "Move"),
                              Footer.Item(key: "u", label: "Undo"),
                              Footer.Item(key: "Space", label: viewModel.startPauseButtonTitle.value),
                              Footer.Item(key: "q", label: "Back")], pointsToHelp: true)
    }

    private func bindOutputs() {
        redraws(on: viewModel.time)
        redraws(on: viewModel.score)
        redraws(on: viewModel.isFinished)
        redraws(on: viewModel.startPauseButtonTitle)
        redraws(on: viewModel.result)
        redraws(on: viewModel.canUndo)
        redraws(on: viewModel.saveErrorMessage)
        viewModel.leaveConfirmation.bind(self) { screen, _ in
            screen.leaveChoice = .cancel
            screen.redraw()
        }
        for player in viewModel.homePlayers + viewModel.awayPlayers {
            for move in PlayerMove.allCases {
                redraws(on: player.moveCount(move))
            }
        }
    }

    private func redraws<Value>(on output: Bindable<Value>) {
        output.bind(self) { screen, _ in screen.redraw() }
    }
}

import Binding
import Scoreboard
import TerminalUI

/// The form for a new game: the home team and its three players, then the away team and its
/// three, then Create and Cancel. Tab and the arrows move between them.
@MainActor
public final class GameCreatorScreen: TerminalView {
    private enum Focus: Equatable {
        case field(Int)
        case create
        case cancel
    }

    static let labelWidth = 11
    static let maximumFieldWidth = 44

    public let viewModel: GameCreatorViewModel
    private let redraw: @MainActor () -> Void
    private let fields = GameCreatorField.allFields
    private var texts: [TextInput]
    private var focus = Focus.field(0)

    public init(viewModel: GameCreatorViewModel, redraw: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        self.redraw = redraw
        texts = Array(repeating: TextInput(), count: fields.count)
        viewModel.fieldErrors.bind(self) { screen, _ in screen.redraw() }
        viewModel.createButtonIsEnabled.bind(self) { screen, _ in screen.redraw() }
        viewModel.errorMessage.bind(self) { screen, _ in screen.redraw() }
    }

    public func handle(_ key: Key) -> KeyResult {
        switch key {
        case .tab, .down:
            moveFocus(by: 1)
        case .backTab, .up:
            moveFocus(by: -1)
        case .escape:
            viewModel.cancelButtonTapped()
        case .enter:
            switch focus {
            case .field: moveFocus(by: 1)
            case .create: viewModel.createButtonTapped()
            case .cancel: viewModel.cancelButtonTapped()
            }
        default:
            guard case .field(let index) = focus else { return .ignored }
            if texts[index].handle(key) {
                viewModel.textChanged(texts[index].text, in: fields[index])
            }
        }
        return .handled
    }

    public func render(size: TerminalSize) -> Canvas {
        var canvas = Canvas(size: size)
        canvas.draw("New game", row: 0, column: 1, style: .bold, width: size.columns - 1)
        let width = min(size.columns - 2, Self.labelWidth + Self.maximumFieldWidth)
        var row = 2
        for (index, field) in fields.enumerated() {
            if case .awayTeamName = field { row += 1 }
            let textField = TextField(
                label: label(for: field), text: texts[index].text, cursor: texts[index].cursor,
                isFocused: focus == .field(index), error: viewModel.fieldErrors.value[field],
                labelWidth: Self.labelWidth)
            textField.draw(in: &canvas, at: Rect(row: row, column: 1, width: width, height: textField.height))
            row += textField.height
        }
        row += 1
        let create = Button(title: "Create", isEnabled: viewModel.createButtonIsEnabled.value, isFocused: focus == .create)
        let cancel = Button(title: "Cancel", isFocused: focus == .cancel)
        let buttonsColumn = 1 + Self.labelWidth
        create.draw(in: &canvas, at: Rect(row: row, column: buttonsColumn, width: create.width, height: 1))
        cancel.draw(in: &canvas, at: Rect(row: row, column: buttonsColumn + create.width + 2, width: cancel.width, height: 1))
        if let message = viewModel.errorMessage.value {
            canvas.draw("! " + message, row: size.rows - 2, column: 0, style: .foreground(.red), width: size.columns)
        }
        Footer(("Tab/↓", "Next"), ("⇧Tab/↑", "Previous"), ("⏎", "Next/Press"), ("Esc", "Cancel"))
            .draw(in: &canvas, at: Rect(row: size.rows - 1, column: 0, width: size.columns, height: 1))
        return canvas
    }

    private func label(for field: GameCreatorField) -> String {
        switch field {
        case .homeTeamName: "Home team"
        case .awayTeamName: "Away team"
        case .homePlayerName(let index), .awayPlayerName(let index): "  Player \(index + 1)"
        }
    }

    private func moveFocus(by step: Int) {
        let order = fields.indices.map(Focus.field) + [.create, .cancel]
        let current = order.firstIndex(of: focus) ?? 0
        focus = order[(current + step + order.count) % order.count]
    }
}

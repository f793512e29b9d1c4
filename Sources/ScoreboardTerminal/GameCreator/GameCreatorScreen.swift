import Binding
import Scoreboard
import TerminalUI

/// The form for a new game: the home team and its three players, then the away team and its
/// three, then Create and Cancel. Tab, the arrows or a click move between them; where the form
/// is taller than the terminal it scrolls to keep the focused one in sight.
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
    /// The first form row shown when the form does not fit.
    private var scrollOffset = 0

    public init(viewModel: GameCreatorViewModel, redraw: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        self.redraw = redraw
        texts = Array(repeating: TextInput(), count: fields.count)
        viewModel.fieldErrors.bind(self) { screen, _ in screen.redraw() }
        viewModel.createButtonIsEnabled.bind(self) { screen, _ in screen.redraw() }
        viewModel.errorMessage.bind(self) { screen, _ in screen.redraw() }
    }

    public func handle(_ key: Key) -> KeyResult {
        switch key.clickedTarget {
        case .button("Create")?:
            focus = .create
            viewModel.createButtonTapped()
            return .handled
        case .button("Cancel")?:
            viewModel.cancelButtonTapped()
            return .handled
        case .item(let name)?:
            guard let index = fields.indices.first(where: { Self.fieldTarget($0) == .item(name) }) else { return .ignored }
            focus = .field(index)
            return .handled
        default: break
        }
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
            let outcome = texts[index].handle(key)
            if outcome == .ignored { return .ignored }
            if outcome == .edited {
                viewModel.textChanged(texts[index].text, in: fields[index])
            }
        }
        return .handled
    }

    /// `?` is text while a field has the focus; on the buttons it shows the help.
    public var keyMap: KeyMap? {
        if case .field = focus { return nil }
        return keys
    }

    private var keys: KeyMap {
        KeyMap(title: "New game", ("Tab/↓", "Next"), ("⇧Tab/↑", "Previous"), ("⏎", "Next/Press"), ("Esc", "Cancel"))
    }

    /// The title, one field, the message row and the footer.
    public var minimumSize: TerminalSize { TerminalSize(rows: 5, columns: 20) }

    public func render(size: TerminalSize) -> Canvas {
        var canvas = Canvas(size: size)
        canvas.draw("New game", row: 0, column: 1, style: .bold, width: size.columns - 1)
        let width = min(size.columns - 2, Self.labelWidth + Self.maximumFieldWidth)
        // Rows 2 ... the message row; the title's blank row goes first when short of room.
        let top = size.rows >= 8 ? 2 : 1
        let area = Rect(row: top, column: 1, width: width, height: max(0, size.rows - 2 - top))
        var blocks: [(focus: Focus, top: Int, height: Int)] = []
        var row = 0
        for (index, field) in fields.enumerated() {
            if case .awayTeamName = field { row += 1 }
            let height = textField(at: index).height(forWidth: width)
            blocks.append((.field(index), row, height))
            row += height
        }
        row += 1
        blocks.append((.create, row, 1))
        blocks.append((.cancel, row, 1))
        let contentRows = row + 1
        let focused = blocks.first { $0.focus == focus } ?? blocks[0]
        scrollOffset = Scrolling.offset(keeping: focused.top..<(focused.top + focused.height),
                                        visibleRows: area.height, contentRows: contentRows, current: scrollOffset)
        for block in blocks {
            let rect = Rect(row: area.row + block.top - scrollOffset, column: area.column, width: width, height: block.height)
            guard rect.row >= area.row, rect.endRow <= area.endRow else { continue }
            switch block.focus {
            case .field(let index):
                textField(at: index).draw(in: &canvas, at: rect)
                canvas.addTarget(Self.fieldTarget(index), at: rect)
            case .create, .cancel: drawButtons(in: &canvas, row: rect.row, width: width)
            }
        }
        Scrolling.drawIndicators(in: &canvas, at: Rect(row: area.row, column: 0, width: size.columns, height: area.height),
                                 offset: scrollOffset, contentRows: contentRows)
        if let message = viewModel.errorMessage.value {
            canvas.draw("! " + message, row: size.rows - 2, column: 0, style: .foreground(.red), width: size.columns)
        }
        Footer(items: keys.entries, pointsToHelp: keyMap != nil)
            .draw(in: &canvas, at: Rect(row: size.rows - 1, column: 0, width: size.columns, height: 1))
        return canvas
    }

    /// What a click on field `index` reaches (labels repeat: "Player 1" is in both teams).
    static func fieldTarget(_ index: Int) -> MouseTarget { .item("field \(index)") }

    private func textField(at index: Int) -> TextField {
        let field = fields[index]
        return TextField(
            label: label(for: field), text: texts[index].text, cursor: texts[index].cursor,
            isFocused: focus == .field(index), error: viewModel.fieldErrors.value[field],
            labelWidth: Self.labelWidth)
    }

    private func drawButtons(in canvas: inout Canvas, row: Int, width: Int) {
        let create = Button(title: "Create", isEnabled: viewModel.createButtonIsEnabled.value, isFocused: focus == .create)
        let cancel = Button(title: "Cancel", isFocused: focus == .cancel)
        let column = width >= Self.labelWidth + create.width + cancel.width + 2 ? 1 + Self.labelWidth : 1
        create.draw(in: &canvas, at: Rect(row: row, column: column, width: create.width, height: 1))
        cancel.draw(in: &canvas, at: Rect(row: row, column: column + create.width + 2, width: cancel.width, height: 1))
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

import FriendsViewModels
import TerminalUI

/// One friend: initials as the avatar (a terminal cannot show the picture), then the phone
/// number, email and notes.
@MainActor
final class FriendDetailScreen: Screen {
    static let labelWidth = 8

    let viewModel: FriendDetailViewModel
    private let redraw: @MainActor () -> Void

    init(viewModel: FriendDetailViewModel, redraw: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        self.redraw = redraw
        viewModel.fullName.bind(self) { screen, _ in screen.redraw() }
        viewModel.initials.bind(self) { screen, _ in screen.redraw() }
        viewModel.phonenumberText.bind(self) { screen, _ in screen.redraw() }
        viewModel.email.bind(self) { screen, _ in screen.redraw() }
        viewModel.about.bind(self) { screen, _ in screen.redraw() }
        viewModel.removedMessage.bind(self) { screen, _ in screen.redraw() }
    }

    func screenDidAppear() {
        viewModel.viewAppeared()
    }

    func handle(_ key: Key) -> KeyResult {
        switch key {
        case .character("e"):
            viewModel.editButtonTapped()
            return .handled
        case .character("q"):
            return .quit
        default:
            // Escape and ← go back (see `ScreenStack`).
            return .ignored
        }
    }

    func render(size: TerminalSize) -> Canvas {
        var (canvas, content) = ScreenFrame(title: viewModel.fullName.value, footer: Self.footer).draw(size: size)
        let left = content.column + 2
        let width = content.endColumn - left - 1
        var row = content.row + 1
        if let removed = viewModel.removedMessage.value {
            for line in TextLayout.wrap(removed, width: max(1, width)).prefix(max(0, content.endRow - row)) {
                canvas.draw(line, row: row, column: left, style: Theme.error, width: width)
                row += 1
            }
            return canvas
        }
        canvas.draw(" \(viewModel.initials.value) ", row: row, column: left, style: Theme.avatar)
        row += 2
        for (label, value) in [("Phone", viewModel.phonenumberText.value), ("Email", viewModel.email.value)] {
            drawField(label, lines: [value], in: &canvas, row: row, column: left, width: width)
            row += 1
        }
        let aboutLines = TextLayout.wrap(viewModel.about.value, width: max(1, width - Self.labelWidth))
        let room = max(1, content.endRow - row)
        drawField("About", lines: Array(aboutLines.prefix(room)), in: &canvas, row: row, column: left, width: width)
        return canvas
    }

    private func drawField(_ label: String, lines: [String], in canvas: inout Canvas, row: Int, column: Int, width: Int) {
        canvas.draw(label, row: row, column: column, style: Theme.label, width: Self.labelWidth)
        let valueColumn = column + Self.labelWidth
        let valueWidth = max(0, width - Self.labelWidth)
        guard lines.contains(where: { !$0.isEmpty }) else {
            canvas.draw("—", row: row, column: valueColumn, style: Theme.placeholder, width: valueWidth)
            return
        }
        for (offset, line) in lines.enumerated() {
            canvas.draw(line, row: row + offset, column: valueColumn, width: valueWidth)
        }
    }

    static let footer = Footer(("e", "Edit"), ("Esc", "Back"), ("q", "Quit"))
}

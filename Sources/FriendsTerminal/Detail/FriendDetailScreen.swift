import FriendsViewModels
import TerminalUI

/// One friend: initials as the avatar (a terminal cannot show the picture), then the phone
/// number, email and notes.
@MainActor
final class FriendDetailScreen: Screen {
    static let labelWidth = 8

    let viewModel: FriendDetailViewModel
    private let redraw: @MainActor () -> Void
    /// The first line shown when the details are taller than the screen.
    private var scrollOffset = 0
    /// Lines the text showed in the last frame, for Page Up and Page Down.
    private var visibleRows = 10

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
            guard let offset = Scrolling.offset(after: key, current: scrollOffset, pageSize: visibleRows - 1) else {
                return .ignored
            }
            scrollOffset = offset
            return .handled
        }
    }

    var keyMap: KeyMap? { Self.keys }

    var minimumSize: TerminalSize { ScreenFrame.minimumSize }

    /// The avatar, phone, email and notes, scrolled when they are taller than the screen.
    func render(size: TerminalSize) -> Canvas {
        var (canvas, content) = ScreenFrame(title: viewModel.fullName.value, keyMap: Self.keys).draw(size: size)
        // A blank row under the rule where there is room for it.
        let top = content.height > 4 ? 1 : 0
        let area = Rect(row: content.row + top, column: content.column + 2, width: content.width - 3, height: content.height - top)
        if let removed = viewModel.removedMessage.value {
            let message = TextLayout.wrap(removed, width: max(1, area.width)).map { [Span($0, style: Theme.error)] }
            ScrollingText(lines: message, offset: 0).draw(in: &canvas, at: area)
            return canvas
        }
        let valueWidth = max(1, area.width - Self.labelWidth)
        var lines: [[Span]] = [[Span(" \(viewModel.initials.value) ", style: Theme.avatar)], []]
        for (label, value) in [("Phone", viewModel.phonenumberText.value), ("Email", viewModel.email.value),
                               ("About", viewModel.about.value)] {
            let wrapped = value.isEmpty ? [] : TextLayout.wrap(value, width: valueWidth)
            let values = wrapped.isEmpty ? [Span("—", style: Theme.placeholder)] : wrapped.map { Span($0) }
            for (index, value) in values.enumerated() {
                let title = index == 0 ? TextLayout.pad(label, toWidth: Self.labelWidth) : String(repeating: " ", count: Self.labelWidth)
                lines.append([Span(title, style: Theme.label), value])
            }
        }
        let text = ScrollingText(lines: lines, offset: scrollOffset)
        scrollOffset = text.shownOffset(in: area.height)
        visibleRows = max(1, text.textRows(in: area.height))
        text.draw(in: &canvas, at: area)
        return canvas
    }

    static let keys = KeyMap(title: "Friend", ("e", "Edit"), ("↑↓", "Scroll"), ("Esc", "Back"), ("q", "Quit"))
}

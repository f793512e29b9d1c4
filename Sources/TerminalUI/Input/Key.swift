/// A key the user pressed, text they pasted, or a mouse action, decoded from the bytes a
/// terminal sends (see `KeyDecoder`).
public enum Key: Hashable, Sendable {
    case up, down, left, right
    case home, end, pageUp, pageDown
    case enter, tab, backTab, backspace, delete, escape
    /// Alt-Backspace (ESC DEL): delete the word before the cursor.
    case altBackspace
    /// Alt (Option, Meta) plus a printable ASCII character, as terminals send it: ESC and the
    /// character in one write. `.alt("x")`; Alt-Shift-x is `.alt("X")`. Screens that have no
    /// use for it ignore it (it is not the Escape key).
    case alt(Character)
    /// Control plus a letter, lowercase: `.ctrl("a")` ... `.ctrl("z")`.
    /// Ctrl-H, Ctrl-I, Ctrl-J and Ctrl-M arrive as `.backspace`, `.tab`, `.enter`, `.enter`.
    case ctrl(Character)
    /// Printable text, one grapheme cluster per key: "e" followed by a combining acute accent
    /// typed together arrive as one "é", a flag or 👍🏽 as one character.
    case character(Character)
    /// Text pasted in one go (bracketed paste), newlines and all; a field decides what to keep.
    case paste(String)
    case mouse(MouseEvent)
}

/// A click or a turn of the wheel (SGR 1006 mouse reporting), at a zero-based cell.
public struct MouseEvent: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        /// The left button went down.
        case press
        case wheelUp, wheelDown
    }

    public var action: Action
    public var row: Int
    public var column: Int
    /// What was drawn under the pointer (see `Canvas.addTarget`); `TerminalApp` fills it in
    /// from the frame on screen.
    public var target: MouseTarget?

    public init(action: Action, row: Int, column: Int, target: MouseTarget? = nil) {
        self.action = action
        self.row = row
        self.column = column
        self.target = target
    }
}

/// Something a view drew that a click can reach.
public enum MouseTarget: Hashable, Sendable {
    /// A `ListView` row, by its index in the list.
    case row(Int)
    /// A `Button`, by its title.
    case button(String)
    /// Anything else a view names (a text field, a panel).
    case item(String)
}

extension Key {
    /// A left click on `target`, as `TerminalApp` delivers it (for tests and views).
    public static func click(_ target: MouseTarget, row: Int = 0, column: Int = 0) -> Key {
        .mouse(MouseEvent(action: .press, row: row, column: column, target: target))
    }

    /// The target of a left click, if this is one.
    public var clickedTarget: MouseTarget? {
        guard case .mouse(let event) = self, event.action == .press else { return nil }
        return event.target
    }

    /// -1 for the wheel turned up, 1 for down, nil for anything else.
    public var wheelStep: Int? {
        guard case .mouse(let event) = self else { return nil }
        switch event.action {
        case .wheelUp: return -1
        case .wheelDown: return 1
        case .press: return nil
        }
    }
}

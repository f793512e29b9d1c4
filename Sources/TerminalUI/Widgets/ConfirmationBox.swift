/// A question with two answers, e.g. "Delete" / "Cancel"; the selected one is focused.
public struct ConfirmationBox: Sendable {
    public enum Choice: Hashable, Sendable {
        case confirm, cancel

        /// The other choice (what Tab switches to).
        public var toggled: Choice { self == .confirm ? .cancel : .confirm }
    }

    public var title: String
    public var message: String
    public var confirmTitle: String
    public var cancelTitle: String
    public var selection: Choice

    public init(title: String, message: String, confirmTitle: String = "OK", cancelTitle: String = "Cancel",
                selection: Choice = .cancel) {
        self.title = title
        self.message = message
        self.confirmTitle = confirmTitle
        self.cancelTitle = cancelTitle
        self.selection = selection
    }

    /// The answer `key` clicked, if it is a click on one of the two buttons.
    public func clickedChoice(_ key: Key) -> Choice? {
        switch key.clickedTarget {
        case .button(confirmTitle)?: .confirm
        case .button(cancelTitle)?: .cancel
        default: nil
        }
    }

    /// The answer `key` gives with `focus` on one of the buttons: a click on a button, Enter on
    /// the focused one, y or n, Esc for the cancel button; `nil` for a key that only moves the
    /// focus (←→ to the button on that side, Tab to the other) or does nothing. → stays on Cancel,
    /// the right one: a destructive answer is not one key away round the back.
    public func answer(to key: Key, focus: inout Choice) -> Choice? {
        if let clicked = clickedChoice(key) { return clicked }
        switch key {
        case .left:
            focus = .confirm
            return nil
        case .right:
            focus = .cancel
            return nil
        case .tab, .backTab:
            focus = focus.toggled
            return nil
        case .enter: return focus
        case .character("y"): return .confirm
        case .escape, .character("n"): return .cancel
        default: return nil
        }
    }

    /// Draws centred in `rect`, confirm button first, over what is there.
    public func draw(in canvas: inout Canvas, at rect: Rect) {
        let buttons = [
            Button(title: confirmTitle, isFocused: selection == .confirm),
            Button(title: cancelTitle, isFocused: selection == .cancel),
        ]
        Dialog(title: title, message: message, buttons: buttons).draw(in: &canvas, at: rect)
    }
}

import FriendsViewModels
import TerminalUI

extension ConfirmationBox {
    /// The box that asks a view model's question (delete, discard), with `selection` focused.
    init(_ prompt: ConfirmationPrompt, selection: Choice = .cancel) {
        self.init(
            title: prompt.title, message: prompt.message, confirmTitle: prompt.confirmTitle,
            cancelTitle: prompt.cancelTitle, selection: selection
        )
    }
}

extension ConfirmationBox.Choice {
    /// The answer `key` gives to `prompt` with `focus` on one of its buttons: a click on a button,
    /// Enter on the focused one, y or n; `nil` for a key that only moves the focus (←→, Tab) or
    /// does nothing.
    static func answer(to key: Key, of prompt: ConfirmationPrompt, focus: inout Self) -> Self? {
        if let clicked = ConfirmationBox(prompt).clickedChoice(key) { return clicked }
        switch key {
        case .left, .right, .tab, .backTab:
            focus = focus.toggled
            return nil
        case .enter: return focus
        case .character("y"): return .confirm
        case .escape, .character("n"): return .cancel
        default: return nil
        }
    }
}

extension KeyMap {
    /// The keys of a view model's question while it is asked: its footer and `?`.
    static func answering(_ prompt: ConfirmationPrompt) -> KeyMap {
        KeyMap(title: prompt.title, ("←→", "Choose"), ("⏎", "Confirm"), ("Esc", "Cancel"))
    }
}

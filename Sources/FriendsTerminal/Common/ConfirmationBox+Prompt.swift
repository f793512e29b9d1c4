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
    /// The answer `key` gives to `prompt` with `focus` on one of its buttons (see `ConfirmationBox.answer`).
    static func answer(to key: Key, of prompt: ConfirmationPrompt, focus: inout Self) -> Self? {
        ConfirmationBox(prompt).answer(to: key, focus: &focus)
    }
}

extension KeyMap {
    /// The keys of a view model's question while it is asked: its footer and `?`.
    static func answering(_ prompt: ConfirmationPrompt) -> KeyMap {
        KeyMap(title: prompt.title, ("←→", "Choose"), ("⏎", "Confirm"), ("Esc", "Cancel"))
    }
}

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

extension KeyMap {
    /// The keys of a view model's question while it is asked: its footer and `?`.
    static func answering(_ prompt: ConfirmationPrompt) -> KeyMap {
        KeyMap(title: prompt.title, ("←→", "Choose"), ("⏎", "Confirm"), ("Esc", "Cancel"))
    }
}

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

import Scoreboard
import TerminalUI

extension ConfirmationBox {
    /// The box that asks a view model's question, with `selection` focused.
    init(_ question: some ConfirmationPrompt, selection: Choice = .cancel) {
        self.init(
            title: question.title, message: question.message, confirmTitle: question.confirmTitle,
            cancelTitle: question.cancelTitle, selection: selection
        )
    }
}

/// A question the user answers before something cannot be undone: a title, a message, and the
/// two buttons' titles. The view model that shows it has the inputs for either answer.
public struct ConfirmationPrompt: Equatable, Sendable {
    public let title: String
    public let message: String
    public let confirmTitle: String
    public let cancelTitle: String

    public init(title: String, message: String, confirmTitle: String, cancelTitle: String = "Cancel") {
        self.title = title
        self.message = message
        self.confirmTitle = confirmTitle
        self.cancelTitle = cancelTitle
    }
}

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

extension ConfirmationPrompt {
    /// The question before a friend is deleted, the same on the list and on the friend's details.
    static func deleteFriend(named name: String) -> ConfirmationPrompt {
        ConfirmationPrompt(title: "Delete Friend", message: "Delete \(name)?", confirmTitle: "Delete")
    }
}

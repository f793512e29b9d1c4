/// A question a screen asks before it does something that cannot be taken back: its title, what
/// will happen, and the titles of the two answers.
public protocol ConfirmationPrompt: Equatable, Sendable {
    var title: String { get }
    var message: String { get }
    var confirmTitle: String { get }
    var cancelTitle: String { get }
}

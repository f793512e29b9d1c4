/// The question asked when the user goes back while the game's latest changes could not be
/// saved: leaving loses them, staying keeps them on screen and tries the save again with the
/// next change.
public struct GameLeavePrompt: ConfirmationPrompt {
    public let title = "Leave without saving?"
    /// "The latest moves could not be saved (The disk is full.) and will be lost."
    public let message: String
    public let confirmTitle = "Leave"
    public let cancelTitle = "Stay"

    init(failure: GameLibraryError?) {
        let reason = failure.map { " (\($0.localizedDescription))" } ?? ""
        message = "The latest moves could not be saved\(reason) and will be lost."
    }
}

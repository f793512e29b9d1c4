/// The question asked before a game is deleted; the game it names is the one a "yes" deletes.
public struct GameDeletionPrompt: ConfirmationPrompt {
    public let title: String
    /// "Bulls vs Hawks, 7 - 4, will be deleted."
    public let message: String
    public let confirmTitle: String
    public let cancelTitle: String

    init(row: GameListRow) {
        title = "Delete game?"
        message = "\(row.teams), \(row.score), will be deleted."
        confirmTitle = "Delete"
        cancelTitle = "Cancel"
    }
}

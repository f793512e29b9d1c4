/// One-shot things the photo list asks its view to do.
public enum PhotoListEvent: Sendable, Equatable {
    /// Show an alert with this message and an OK button.
    case showAlert(message: String)
    /// Show the detail of a picture that is for sale.
    case openDetail(PhotoDetailViewModel)
}

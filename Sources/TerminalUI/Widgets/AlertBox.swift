/// An alert: a centred box with a title, a message and a focused "OK" button.
///
/// ```
/// ┌─ Friend not found. ─────┐
/// │ Could not remove Ada L. │
/// │                         │
/// │         [ OK ]          │
/// └─────────────────────────┘
/// ```
public struct AlertBox: Sendable {
    public var title: String
    public var message: String
    public var buttonTitle: String

    public init(title: String, message: String, buttonTitle: String = "OK") {
        self.title = title
        self.message = message
        self.buttonTitle = buttonTitle
    }

    /// Draws centred in `rect` (usually the whole screen), over what is there.
    public func draw(in canvas: inout Canvas, at rect: Rect) {
        Dialog(title: title, message: message, buttons: [Button(title: buttonTitle, isFocused: true)])
            .draw(in: &canvas, at: rect)
    }
}

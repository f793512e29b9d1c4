import TerminalUI

/// One full-screen page of the app (list, detail, form). It renders from its view model's
/// outputs and forwards keys to the view model's inputs.
@MainActor
protocol Screen: TerminalView {
    /// The screen became the one on top: first shown, or shown again after the one above it left.
    func screenDidAppear()
}

import FriendsViewModels
import TerminalUI

/// The screens on the way to the one shown (like a navigation controller), with the alerts
/// waiting to be acknowledged drawn over the top one, oldest first.
///
/// A class, not a struct: a key handled by the top screen can push or pop screens while
/// `handle` is still running.
@MainActor
final class ScreenStack {
    private(set) var screens: [any Screen] = []
    private(set) var alerts: [Alert] = []

    var top: (any Screen)? { screens.last }

    func push(_ screen: any Screen) {
        screens.append(screen)
        screen.screenDidAppear()
    }

    /// Removes `screen` and everything above it; the one below appears again.
    func pop(_ screen: any Screen) {
        guard let index = screens.lastIndex(where: { $0 === screen }), index > 0 else { return }
        screens.removeSubrange(index...)
        top?.screenDidAppear()
    }

    func present(_ alert: Alert) {
        alerts.append(alert)
    }

    func render(size: TerminalSize) -> Canvas {
        var canvas = top?.render(size: size) ?? Canvas(size: size)
        if let alert = alerts.first {
            canvas.cursor = nil
            AlertBox(title: alert.title, message: alert.message, buttonTitle: alert.buttonTitle)
                .draw(in: &canvas, at: canvas.bounds)
            // The footer says the alert's one key, not the keys of the screen under it.
            ScreenFrame.replaceFooter(on: &canvas, with: Footer(("⏎", alert.buttonTitle)))
        }
        return canvas
    }

    /// An alert takes every key until it is acknowledged (Enter, Space, Escape or a click on its button). Escape or ←
    /// that the screen has no use for goes back to the screen below.
    func handle(_ key: Key) -> KeyResult {
        if let alert = alerts.first {
            if key == .enter || key == .escape || key == .character(" ") || key.clickedTarget == .button(alert.buttonTitle) {
                alerts.removeFirst()
            }
            return .handled
        }
        guard let top else { return .quit }
        let result = top.handle(key)
        if result == .ignored, key == .escape || key == .left, screens.count > 1 {
            pop(top)
            return .handled
        }
        return result
    }

    func tick() {
        top?.tick()
    }
}

/// Counts the redraws a screen asks for.
@MainActor
final class RedrawCounter {
    private(set) var count = 0

    func redraw() {
        count += 1
    }
}

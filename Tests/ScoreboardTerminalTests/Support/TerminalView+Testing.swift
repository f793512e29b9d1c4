import TerminalUI

/// Drawing and typing into a screen the way `TerminalApp` would.
@MainActor
extension TerminalView {
    func lines(rows: Int, columns: Int) -> [String] {
        render(size: TerminalSize(rows: rows, columns: columns)).lines
    }

    @discardableResult
    func press(_ keys: Key...) -> [KeyResult] {
        keys.map(handle)
    }

    func type(_ text: String) {
        for character in text {
            _ = handle(.character(character))
        }
    }
}

/// A key the user pressed, decoded from the bytes a terminal sends (see `KeyDecoder`).
public enum Key: Hashable, Sendable {
    case up, down, left, right
    case home, end, pageUp, pageDown
    case enter, tab, backTab, backspace, delete, escape
    /// Control plus a letter, lowercase: `.ctrl("a")` ... `.ctrl("z")`.
    /// Ctrl-H, Ctrl-I, Ctrl-J and Ctrl-M arrive as `.backspace`, `.tab`, `.enter`, `.enter`.
    case ctrl(Character)
    /// Printable text, one character per key.
    case character(Character)
}

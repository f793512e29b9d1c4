extension Int {
    /// `text` as a whole number written plainly, as this server writes one: `01` or `+1` would be
    /// a guess at what was meant, so they are none.
    init?(plainly text: some StringProtocol) {
        guard let value = Int(text), String(value) == text else { return nil }
        self = value
    }
}

import Foundation

/// One line of progress on a terminal ("Imported 1,500 cards, 830 a second"), rewritten in
/// place; nothing at all when standard error is not a terminal, so piped output stays plain.
struct ProgressLine: Sendable {
    let isShown: Bool
    let started = ContinuousClock.now

    static func standardError() -> ProgressLine {
        ProgressLine(isShown: isatty(STDERR_FILENO) == 1)
    }

    func update(_ verb: String, count: Int) {
        guard isShown else { return }
        let seconds = max(0.001, (ContinuousClock.now - started) / .seconds(1))
        let rate = Int((Double(count) / seconds).rounded())
        FileHandle.standardError.write(Data("\r\u{1B}[K\(verb) \(count) cards, \(rate) a second".utf8))
    }

    func finish() {
        guard isShown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

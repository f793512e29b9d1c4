import Foundation
import TerminalUI
import Testing

/// Text snapshots of whole screens (one file per screen and size) and of browser pages, under
/// `Tests/Snapshots/<suite>/`.
/// A screen is drawn as `TerminalApp` draws it (`frame(size:)`, so below its minimum size it
/// says so). A missing or different file fails the test; run with `RECORD_SNAPSHOTS=1` to write
/// the files afresh — every test that records fails, saying so, so a recording run is never
/// taken for a passing one — then read the diff and run again without it.
public enum SnapshotFiles {
    /// The sizes every screen is checked at: tiny, small, the scoreboard's awkward 50×15, the
    /// classic 80×24 and a large window.
    public static let sizes = [
        TerminalSize(rows: 5, columns: 20), TerminalSize(rows: 8, columns: 30), TerminalSize(rows: 15, columns: 50),
        TerminalSize(rows: 24, columns: 80), TerminalSize(rows: 60, columns: 200),
    ]

    @MainActor
    public static func expect(_ view: any TerminalView, size: TerminalSize, named name: String, suite: String,
                       filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) {
        let text = view.frame(size: size).lines.joined(separator: "\n") + "\n"
        expect(text, inFile: "\(name).\(size.columns)x\(size.rows).txt", suite: suite, filePath: filePath, sourceLocation: sourceLocation)
    }

    /// Compares `text` with `Tests/Snapshots/<suite>/<fileName>` (any text: a screen, a page).
    public static func expect(_ text: String, inFile fileName: String, suite: String,
                              isRecording: Bool = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1",
                              filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) {
        let file = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Snapshots/\(suite)/\(fileName)")
        let recorded = try? String(contentsOf: file, encoding: .utf8)
        if isRecording {
            do {
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: file, atomically: true, encoding: .utf8)
                let what = recorded == nil ? "new" : recorded == text ? "unchanged" : "changed"
                Issue.record(
                    "recorded \(file.lastPathComponent) (\(what)); read the diff, then run again without RECORD_SNAPSHOTS",
                    sourceLocation: sourceLocation
                )
            } catch {
                Issue.record("could not record \(file.lastPathComponent): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let recorded else {
            Issue.record("no snapshot \(file.lastPathComponent); it was:\n\(text)", sourceLocation: sourceLocation)
            return
        }
        #expect(text == recorded, "\(file.lastPathComponent) differs; it was:\n\(text)", sourceLocation: sourceLocation)
    }
}

import Foundation
import Testing

/// Pages as text snapshots, one file per page and state under `Tests/Snapshots/FriendsWeb/`, as
/// the terminal screens are. Run with `RECORD_SNAPSHOTS=1` to write them afresh, then read the diff.
enum HTMLSnapshot {
    static func expect(_ html: String, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) {
        let file = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Snapshots/FriendsWeb/\(name).html")
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? html.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        guard let recorded = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record("no snapshot \(file.lastPathComponent); the page was:\n\(html)", sourceLocation: sourceLocation)
            return
        }
        #expect(html == recorded, "\(file.lastPathComponent) differs; the page was:\n\(html)", sourceLocation: sourceLocation)
    }
}

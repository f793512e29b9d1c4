import Foundation
import Hummingbird

/// What a tab is sent as Server-Sent Events: `event: fragments` with a JSON array of
/// `{"id", "html"}`, or `event: navigate` with the path to load.
enum EventStream {
    static let contentType = "text/event-stream; charset=utf-8"

    static func event(_ update: FragmentPusher.Update) -> ByteBuffer {
        switch update {
        case .fragments(let fragments):
            // JSON keeps the HTML on one `data:` line whatever newlines it holds.
            let data = (try? JSONEncoder().encode(fragments)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
            return ByteBuffer(string: "event: fragments\ndata: \(data)\n\n")
        case .navigate(let path):
            let data = (try? JSONEncoder().encode([path])).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
            return ByteBuffer(string: "event: navigate\ndata: \(data)\n\n")
        case .keepAlive:
            // A comment line: ignored by the browser.
            return ByteBuffer(string: ": keep-alive\n\n")
        }
    }
}

import Foundation
import Hummingbird

/// What a tab is sent as Server-Sent Events: `event: fragments` with a JSON array of
/// `{"id", "html"}`, or `event: navigate` with the path to load.
enum EventStream {
    static let contentType = "text/event-stream; charset=utf-8"

    static func event(_ update: FragmentPusher.Update) -> ByteBuffer {
        switch update {
        case .fragments(let fragments):
            return event("fragments", json: fragments)
        case .navigate(let path):
            return event("navigate", json: [path])
        case .keepAlive:
            // A comment line: ignored by the browser.
            return ByteBuffer(string: ": keep-alive\n\n")
        }
    }

    /// JSON keeps the HTML on one `data:` line whatever newlines it holds.
    private static func event(_ name: String, json: some Encodable) -> ByteBuffer {
        let data = (try? JSONEncoder().encode(json)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        return ByteBuffer(string: "event: \(name)\ndata: \(data)\n\n")
    }
}

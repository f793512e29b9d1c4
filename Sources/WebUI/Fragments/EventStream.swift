import Foundation
import HTTPServerKit
import Hummingbird

/// What a tab is sent as Server-Sent Events: `event: fragments` with a JSON array of
/// `{"id", "html"}`, `event: navigate` with the path to load, or `event: redraw` (load this page again).
enum EventStream {
    static let contentType = ServerSentEventWriter.contentType

    static func event(_ update: FragmentPusher.Update) -> ByteBuffer {
        switch update {
        case .fragments(let fragments):
            return event("fragments", json: fragments)
        case .navigate(let path):
            return event("navigate", json: [path])
        case .redraw:
            return event("redraw", json: [String]())
        case .keepAlive:
            return ServerSentEventWriter.comment("keep-alive")
        }
    }

    /// JSON keeps the HTML on one `data:` line whatever newlines it holds.
    private static func event(_ name: String, json: some Encodable) -> ByteBuffer {
        let data = (try? JSONEncoder().encode(json)).map { ByteBuffer(bytes: $0) } ?? ByteBuffer(string: "[]")
        return ServerSentEventWriter.event(name: name, data: data)
    }
}

import Foundation

/// One dispatched Server-Sent Event.
public struct ServerSentEvent: Sendable, Equatable {
    /// The `event:` field; "message" when the event named none.
    public var type: String
    /// The `data:` lines joined with line feeds.
    public var data: String
    /// The last `id:` seen on the stream so far (it carries over to later events), "" before any.
    public var lastEventID: String

    public init(type: String = "message", data: String, lastEventID: String = "") {
        self.type = type
        self.data = data
        self.lastEventID = lastEventID
    }
}

/// Reads a `text/event-stream` body as it arrives, chunk by chunk, as the HTML Living Standard's
/// "interpreting an event stream" says: lines end with CRLF, LF or CR (also when a chunk ends
/// between CR and LF, or in the middle of a character); lines starting with `:` are comments;
/// `data` lines accumulate; a blank line dispatches the event, unless it has no data.
public struct ServerSentEventParser: Sendable {
    private var line: [UInt8] = []
    private var skipsLineFeed = false
    private var isAtStart = true
    private var eventType = ""
    private var data = ""
    private var hasData = false
    private var lastEventID = ""
    /// The last event ID as of the last dispatch, also one without data (which dispatches no
    /// event but moves the ID, as EventSource's `lastEventId` does); "" before any.
    public private(set) var dispatchedLastEventID = ""
    /// The last valid `retry:` field: the reconnection delay the server asks for, in milliseconds.
    public private(set) var reconnectionTime: Int?

    public init() {}

    /// The events completed by `chunk`.
    public mutating func consume(_ chunk: Data) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in chunk {
            if skipsLineFeed {
                skipsLineFeed = false
                if byte == 0x0A { continue }
            }
            switch byte {
            case 0x0D:
                skipsLineFeed = true
                if let event = endLine() { events.append(event) }
            case 0x0A:
                if let event = endLine() { events.append(event) }
            default:
                line.append(byte)
            }
        }
        return events
    }

    private mutating func endLine() -> ServerSentEvent? {
        var text = String(decoding: line, as: UTF8.self)
        line.removeAll(keepingCapacity: true)
        if isAtStart {
            isAtStart = false
            if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        }
        if text.isEmpty { return dispatch() }
        if text.hasPrefix(":") { return nil }
        let field: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        } else {
            field = text[...]
            value = ""
        }
        process(field: field, value: String(value))
        return nil
    }

    private mutating func process(field: Substring, value: String) {
        switch field {
        case "event":
            eventType = value
        case "data":
            if hasData { data += "\n" }
            data += value
            hasData = true
        case "id":
            if !value.contains("\u{0}") { lastEventID = value }
        case "retry":
            if !value.isEmpty, value.allSatisfy(\.isASCIIDigit), let milliseconds = Int(value) {
                reconnectionTime = milliseconds
            }
        default:
            break
        }
    }

    private mutating func dispatch() -> ServerSentEvent? {
        dispatchedLastEventID = lastEventID
        defer {
            eventType = ""
            data = ""
            hasData = false
        }
        guard hasData else { return nil }
        return ServerSentEvent(type: eventType.isEmpty ? "message" : eventType, data: data, lastEventID: lastEventID)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

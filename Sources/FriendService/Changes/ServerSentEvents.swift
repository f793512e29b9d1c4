import FriendsAPI
import NIOCore

/// Changes as Server-Sent Events: `id:` the sequence, `event:` the kind, one `data:` line of JSON.
enum ServerSentEvents {
    static let contentType = "text/event-stream; charset=utf-8"

    static func event(_ change: FriendChange) -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: 256)
        buffer.writeString("id: \(change.sequence)\nevent: \(change.eventName)\ndata: ")
        switch change.event {
        case .created(let friend, let version), .updated(let friend, let version):
            writeJSON(friend, version: version, into: &buffer)
        case .deleted(let id):
            buffer.writeString(#"{"id":\#(id)}"#)
        case .reset:
            buffer.writeStaticString("{}")
        }
        buffer.writeStaticString("\n\n")
        return buffer
    }

    /// A comment line: clients ignore it; it keeps idle connections (and proxies) open.
    static func comment(_ text: String) -> ByteBuffer {
        ByteBuffer(string: ": \(text)\n\n")
    }

    /// The friend as `/friends` writes it (sorted keys, one line) with its `version`.
    private static func writeJSON(_ friend: Friend, version: Int, into buffer: inout ByteBuffer) {
        let fields: [(String, String)] = [
            ("about", friend.about), ("email", friend.email), ("firstname", friend.firstname),
        ]
        buffer.writeStaticString("{")
        for (key, value) in fields {
            buffer.writeString("\"\(key)\":")
            FriendJSON.write(value, into: &buffer)
            buffer.writeStaticString(",")
        }
        buffer.writeString("\"id\":\(friend.id),\"lastname\":")
        FriendJSON.write(friend.lastname, into: &buffer)
        buffer.writeStaticString(",\"phonenumber\":")
        FriendJSON.write(friend.phonenumber, into: &buffer)
        buffer.writeString(",\"version\":\(version)}")
    }
}

import FriendsAPI
import HTTPServerKit
import NIOCore

/// Changes as Server-Sent Events: `id:` the sequence, `event:` the kind, one `data:` line of JSON.
enum ServerSentEvents {
    static let contentType = ServerSentEventWriter.contentType

    static func event(_ change: FriendChange) -> ByteBuffer {
        var data = ByteBufferAllocator().buffer(capacity: 200)
        switch change.event {
        case .created(let friend, let version), .updated(let friend, let version):
            writeJSON(friend, version: version, into: &data)
        case .deleted(let id):
            data.writeString(#"{"id":\#(id)}"#)
        case .reset:
            data.writeStaticString("{}")
        }
        return ServerSentEventWriter.event(id: String(change.sequence), name: change.eventName, data: data)
    }

    /// Where a new subscriber stands: an event with only an `id:`, which EventSource clients take as
    /// their last event ID without dispatching anything; the changes after it follow.
    static func position(_ sequence: Int) -> ByteBuffer {
        ServerSentEventWriter.position(String(sequence))
    }

    static func comment(_ text: String) -> ByteBuffer {
        ServerSentEventWriter.comment(text)
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

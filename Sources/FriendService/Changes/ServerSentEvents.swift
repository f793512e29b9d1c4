import FriendsAPI
import HTTPServerKit
import NIOCore

/// Changes as Server-Sent Events: `id:` the sequence, `event:` the kind, one `data:` line of JSON.
enum ServerSentEvents {
    static let contentType = ServerSentEventWriter.contentType

    static func event(_ change: FriendChange) -> ByteBuffer {
        var data = ByteBufferAllocator().buffer(capacity: 200)
        switch change.event {
        case .created(var friend, let version), .updated(var friend, let version):
            // As `/friends` writes it: sorted keys, one line, with its version and details.
            friend.version = version
            data = FriendJSON.body(friend)
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
}

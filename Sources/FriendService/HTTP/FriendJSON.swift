import FriendsAPI
import NIOCore

/// Friend JSON written straight into a `ByteBuffer`, for the bodies the server sends most (the
/// friends of `GET /friends` pages, see `EncodedFriendRun`; `GET /listFriends`; single friends).
/// `JSONEncoder` spends about 2.7 µs per friend on Linux; this spends a fraction of that (see
/// BENCHMARKS.md). The output is the same bytes: sorted keys, the same escaping; `version` only
/// when present (the `/friends` routes send it, the original client's routes do not).
enum FriendJSON {
    static func body(_ friends: [Friend]) -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: estimatedSize(friends.count))
        write(friends, into: &buffer)
        return buffer
    }

    static func body(_ friend: Friend) -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: estimatedSize(1))
        write(friend, into: &buffer)
        return buffer
    }

    private static func estimatedSize(_ count: Int) -> Int { 2 + count * 160 }

    private static func write(_ friends: [Friend], into buffer: inout ByteBuffer) {
        buffer.writeInteger(UInt8(ascii: "["))
        for (index, friend) in friends.enumerated() {
            if index > 0 { buffer.writeInteger(UInt8(ascii: ",")) }
            write(friend, into: &buffer)
        }
        buffer.writeInteger(UInt8(ascii: "]"))
    }

    /// Keys in sorted order, as `JSONResponse`'s encoder writes them. Each quote is written with the
    /// key beside it. A friend with a `version` (the `/friends` routes) carries the contact's other
    /// details too; one without (the original client's routes) only the seed's five fields.
    static func write(_ friend: Friend, into buffer: inout ByteBuffer) {
        let full = friend.version != nil
        buffer.writeStaticString(#"{"about":""#)
        writeEscaped(friend.about, into: &buffer)
        if full {
            buffer.writeStaticString(#"","addresses":["#)
            for (index, address) in friend.addresses.enumerated() {
                if index > 0 { buffer.writeInteger(UInt8(ascii: ",")) }
                write(address, into: &buffer)
            }
            buffer.writeStaticString(#"],"birthday":""#)
            writeEscaped(friend.birthday, into: &buffer)
        }
        buffer.writeStaticString(#"","email":""#)
        writeEscaped(friend.email, into: &buffer)
        if full {
            buffer.writeStaticString(#"","emails":"#)
            write(friend.emails, into: &buffer)
            buffer.writeStaticString(#","firstname":""#)
        } else {
            buffer.writeStaticString(#"","firstname":""#)
        }
        writeEscaped(friend.firstname, into: &buffer)
        buffer.writeStaticString(#"","id":"#)
        buffer.writeString(String(friend.id))
        buffer.writeStaticString(#","lastname":""#)
        writeEscaped(friend.lastname, into: &buffer)
        if full {
            buffer.writeStaticString(#"","organization":""#)
            writeEscaped(friend.organization, into: &buffer)
        }
        buffer.writeStaticString(#"","phonenumber":""#)
        writeEscaped(friend.phonenumber, into: &buffer)
        guard let version = friend.version else {
            buffer.writeStaticString(#""}"#)
            return
        }
        buffer.writeStaticString(#"","phones":"#)
        write(friend.phones, into: &buffer)
        buffer.writeStaticString(friend.photo ? #","photo":true,"uid":""# : #","photo":false,"uid":""#)
        writeEscaped(friend.uid, into: &buffer)
        buffer.writeStaticString(#"","version":"#)
        buffer.writeString(String(version))
        buffer.writeInteger(UInt8(ascii: "}"))
    }

    private static func write(_ entries: [LabeledValue], into buffer: inout ByteBuffer) {
        buffer.writeInteger(UInt8(ascii: "["))
        for (index, entry) in entries.enumerated() {
            buffer.writeStaticString(index > 0 ? #",{"label":""# : #"{"label":""#)
            writeEscaped(entry.label, into: &buffer)
            buffer.writeStaticString(#"","value":""#)
            writeEscaped(entry.value, into: &buffer)
            buffer.writeStaticString(#""}"#)
        }
        buffer.writeInteger(UInt8(ascii: "]"))
    }

    private static func write(_ address: PostalAddress, into buffer: inout ByteBuffer) {
        buffer.writeStaticString(#"{"city":""#)
        writeEscaped(address.city, into: &buffer)
        buffer.writeStaticString(#"","country":""#)
        writeEscaped(address.country, into: &buffer)
        buffer.writeStaticString(#"","label":""#)
        writeEscaped(address.label, into: &buffer)
        buffer.writeStaticString(#"","postcode":""#)
        writeEscaped(address.postcode, into: &buffer)
        buffer.writeStaticString(#"","region":""#)
        writeEscaped(address.region, into: &buffer)
        buffer.writeStaticString(#"","street":""#)
        writeEscaped(address.street, into: &buffer)
        buffer.writeStaticString(#""}"#)
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\n`-style or `\u00XX` escapes,
    /// everything else (non-ASCII included) as its UTF-8 bytes.
    static func write(_ text: String, into buffer: inout ByteBuffer) {
        buffer.writeInteger(UInt8(ascii: "\""))
        writeEscaped(text, into: &buffer)
        buffer.writeInteger(UInt8(ascii: "\""))
    }

    /// The inside of a JSON string: runs of plain bytes are copied in one write each.
    private static func writeEscaped(_ text: String, into buffer: inout ByteBuffer) {
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for index in bytes.indices where needsEscaping(bytes[index]) {
                buffer.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[runStart..<index])))
                writeEscape(for: bytes[index], into: &buffer)
                runStart = index + 1
            }
            buffer.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[runStart...])))
        }
    }

    private static func writeEscape(for byte: UInt8, into buffer: inout ByteBuffer) {
        switch byte {
        case UInt8(ascii: "\""): buffer.writeStaticString(#"\""#)
        case UInt8(ascii: "\\"): buffer.writeStaticString(#"\\"#)
        case 0x08: buffer.writeStaticString(#"\b"#)
        case 0x09: buffer.writeStaticString(#"\t"#)
        case 0x0A: buffer.writeStaticString(#"\n"#)
        case 0x0C: buffer.writeStaticString(#"\f"#)
        case 0x0D: buffer.writeStaticString(#"\r"#)
        default:
            let hex: StaticString = "0123456789abcdef"
            buffer.writeStaticString(#"\u00"#)
            buffer.writeInteger(hex.utf8Start[Int(byte >> 4)])
            buffer.writeInteger(hex.utf8Start[Int(byte & 0x0F)])
        }
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }
}

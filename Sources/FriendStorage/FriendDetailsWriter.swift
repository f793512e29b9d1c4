import FriendsAPI

/// Writes a details column: compact JSON with sorted keys, what `JSONEncoder` wrote before (except
/// that `/` is no longer escaped), in a fraction of its time on every write of a friend.
/// `FriendDetailsReader` reads it back; so does `JSONDecoder`.
enum FriendDetailsWriter {
    static func text(of details: FriendDetails) -> String {
        var out = "{\"addresses\":["
        for (index, address) in details.addresses.enumerated() {
            if index > 0 { out += "," }
            out += "{\"city\":"
            string(address.city, into: &out)
            out += ",\"country\":"
            string(address.country, into: &out)
            out += ",\"label\":"
            string(address.label, into: &out)
            out += ",\"postcode\":"
            string(address.postcode, into: &out)
            out += ",\"region\":"
            string(address.region, into: &out)
            out += ",\"street\":"
            string(address.street, into: &out)
            out += "}"
        }
        out += "],\"birthday\":"
        string(details.birthday, into: &out)
        out += ",\"emails\":"
        labeledValues(details.emails, into: &out)
        out += ",\"organization\":"
        string(details.organization, into: &out)
        out += ",\"phones\":"
        labeledValues(details.phones, into: &out)
        out += details.photo ? ",\"photo\":true,\"uid\":" : ",\"photo\":false,\"uid\":"
        string(details.uid, into: &out)
        out += "}"
        return out
    }

    private static func labeledValues(_ entries: [LabeledValue], into out: inout String) {
        out += "["
        for (index, entry) in entries.enumerated() {
            out += index > 0 ? ",{\"label\":" : "{\"label\":"
            string(entry.label, into: &out)
            out += ",\"value\":"
            string(entry.value, into: &out)
            out += "}"
        }
        out += "]"
    }

    private static func string(_ text: String, into out: inout String) {
        out += "\""
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{00}"..."\u{1F}":
                let hex = Array("0123456789abcdef")
                out += "\\u00"
                out.append(hex[Int(scalar.value >> 4)])
                out.append(hex[Int(scalar.value & 0x0F)])
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

import FriendsAPI

/// A generated avatar: the friend's initials on a colour derived from the friend, as SVG.
struct Avatar {
    let initials: String
    let hue: Int

    init(_ friend: Friend) {
        initials = [friend.firstname, friend.lastname]
            .compactMap { $0.first.map { String($0).uppercased() } }
            .joined()
        hue = Int(Self.fnv1a("\(friend.id):\(friend.firstname):\(friend.lastname)") % 360)
    }

    var svg: String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">\
        <circle cx="64" cy="64" r="64" fill="hsl(\(hue), 55%, 45%)"/>\
        <text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-size="52" \
        fill="#ffffff">\(Self.escapeXML(initials))</text></svg>
        """
    }

    /// Changes exactly when the picture does.
    var entityTag: String {
        "\"avatar-\(String(Self.fnv1a(svg), radix: 16))\""
    }

    /// A stable hash (Swift's `Hasher` is seeded per process).
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    static func escapeXML(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

import FriendStorage
import FriendsAPI

/// A generated avatar: the friend's initials on a colour derived from the friend, as SVG.
struct Avatar {
    let initials: String
    let hue: Int

    init(_ friend: Friend) {
        initials = [friend.firstname, friend.lastname]
            .compactMap { $0.first.map { String($0).uppercased() } }
            .joined()
        hue = Int(StableHash.of("\(friend.id):\(friend.firstname):\(friend.lastname)".utf8) % 360)
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
        "\"avatar-\(String(StableHash.of(svg.utf8), radix: 16))\""
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

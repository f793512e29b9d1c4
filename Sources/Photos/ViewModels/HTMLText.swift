/// The text a reader sees in a catalog description that holds HTML (the article's own catalog
/// has `<a href="...">Inst</a> | ...` and `&amp;`): tags dropped (a `<br>` or the end of a
/// paragraph becomes a line break), character references decoded. Text without markup comes
/// back as it was; a lone "<" or "&" that starts no tag or reference stays.
enum HTMLText {
    static func plainText(_ html: String) -> String {
        guard html.contains("<") || html.contains("&") else { return html }
        var result = ""
        var rest = html[...]
        while let next = rest.firstIndex(where: { $0 == "<" || $0 == "&" }) {
            result += rest[..<next]
            rest = rest[next...]
            if rest.first == "<", let end = rest.firstIndex(of: ">"), isTag(rest[rest.index(after: rest.startIndex)..<end]) {
                let tag = rest[rest.index(after: rest.startIndex)..<end].lowercased()
                if tag.hasPrefix("br") || tag == "/p" || tag == "/div" { result += "\n" }
                rest = rest[rest.index(after: end)...]
            } else if rest.first == "&", let (character, length) = reference(at: rest) {
                result.append(character)
                rest = rest.dropFirst(length)
            } else {
                result.append(rest.removeFirst())
            }
        }
        return result + rest
    }

    /// Whether the text between "<" and ">" is a tag: a name (maybe after "/"), or a comment.
    private static func isTag(_ inside: Substring) -> Bool {
        let name = inside.drop { $0 == "/" }
        return name.first?.isLetter == true || inside.hasPrefix("!")
    }

    private static let named: [String: Character] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
        "mdash": "—", "ndash": "–", "hellip": "…", "copy": "©", "laquo": "«", "raquo": "»",
    ]

    /// A character reference at the start of `text` ("&amp;", "&#233;", "&#xE9;"): the
    /// character and how many characters it took, or nil when it is not one.
    private static func reference(at text: Substring) -> (Character, Int)? {
        guard let semicolon = text.prefix(12).firstIndex(of: ";") else { return nil }
        let body = text[text.index(after: text.startIndex)..<semicolon]
        let length = body.count + 2
        if body.hasPrefix("#x") || body.hasPrefix("#X") {
            return UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { (Character($0), length) }
        }
        if body.hasPrefix("#") {
            return UInt32(body.dropFirst()).flatMap(Unicode.Scalar.init).map { (Character($0), length) }
        }
        return named[String(body)].map { ($0, length) }
    }
}

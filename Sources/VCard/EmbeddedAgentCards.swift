/// vCard 2.1's `AGENT` may hold a whole card, unescaped, on the lines after it: `AGENT:` then
/// `BEGIN:VCARD` … `END:VCARD` (blank lines may come between), or `AGENT:BEGIN:VCARD` then the
/// rest. Those lines belong to the card around them, whose own `END:VCARD` comes after them.
/// Fed a card's lines one by one, this tells which are an agent's.
struct EmbeddedAgentCards {
    private var depth = 0
    private var agentAwaitsCard = false

    /// Reads the next line of a card, by its keyword (`VCardStreamReader.keyword(of:)`; `nil`
    /// for a long line or one that continues another); whether the line is part of an agent's card.
    mutating func read(_ keyword: String?) -> Bool {
        let wasInside = depth > 0
        switch keyword {
        case "BEGIN:VCARD" where agentAwaitsCard:
            depth += 1
            agentAwaitsCard = false
            return true
        case "END:VCARD" where wasInside:
            depth -= 1
            return true
        case "":
            return wasInside
        default:
            agentAwaitsCard = false
        }
        switch keyword.flatMap(Self.agentOpening) {
        case .cardFollows: agentAwaitsCard = true
        case .cardBegins: depth += 1
        case nil: break
        }
        return wasInside
    }

    /// Whether `line` has `AGENT` in it, in any case: no agent's card begins in a card without such a line.
    static func mayOpenAgent(_ line: [UInt8]) -> Bool {
        line.containsASCII(caseInsensitive: "AGENT")
    }

    private enum AgentOpening {
        /// `AGENT:`, its card on the next lines.
        case cardFollows
        /// `AGENT:BEGIN:VCARD`.
        case cardBegins
    }

    /// An `AGENT` line (with any group and parameters) whose card comes on the lines after it.
    private static func agentOpening(_ keyword: String) -> AgentOpening? {
        guard let colon = keyword.firstIndex(of: ":") else { return nil }
        let name = keyword[..<colon].prefix { $0 != ";" }.split(separator: ".").last
        guard name == "AGENT" else { return nil }
        switch String(keyword[keyword.index(after: colon)...]).trimmingSpaces {
        case "": return .cardFollows
        case "BEGIN:VCARD": return .cardBegins
        default: return nil
        }
    }
}

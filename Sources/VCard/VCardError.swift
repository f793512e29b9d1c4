/// Why a card could not be read. The messages are for people: import reports and HTTP errors show them.
public enum VCardError: Error, Sendable, Equatable, CustomStringConvertible {
    case noCard
    case missingBegin
    case missingEnd
    case tooLarge(limit: Int)
    case tooManyProperties(limit: Int)
    case invalidUTF8(line: Int)
    case nulByte(line: Int)
    /// Text in a character set the line names and this system has no converter for (EUC-JP on Linux).
    case unreadableCharacterSet(String, line: Int)
    case notAProperty(line: Int)
    case missingProperty(String)
    /// Where one card is expected (a CardDAV resource): text after its `END:VCARD`.
    case moreThanOneCard(line: Int)
    /// Where one card is expected: a `BEGIN:VCARD` inside it.
    case cardInsideCard(line: Int)

    public var description: String {
        switch self {
        case .noCard: "The text holds no vCard (no BEGIN:VCARD … END:VCARD)."
        case .missingBegin: "The card does not start with BEGIN:VCARD."
        case .missingEnd: "The card ends without END:VCARD."
        case .tooLarge(let limit): "The card is larger than \(VCardLimits.describe(bytes: limit))."
        case .tooManyProperties(let limit): "The card has more than \(limit) properties."
        case .invalidUTF8(let line): "Line \(line) of the card is neither valid UTF-8 nor text in a character set it names (CHARSET=): save the file as UTF-8, or import it naming the character set it is in (Windows-1252 for most files saved on Windows)."
        case .nulByte(let line): "Line \(line) of the card holds a NUL byte."
        case .unreadableCharacterSet(let name, let line): "Line \(line) of the card is in \(name), a character set this server cannot read: save the file as UTF-8."
        case .notAProperty(let line): "Line \(line) of the card is not a vCard property (NAME:value)."
        case .missingProperty(let name): "The card has no \(name)."
        case .moreThanOneCard(let line): "Line \(line) follows the card's END:VCARD: send one card, not several."
        case .cardInsideCard(let line): "Line \(line) begins a card inside the card: send one card, not several."
        }
    }
}

/// The limits every reader of cards applies.
public enum VCardLimits {
    /// One card, photo included.
    public static let maximumCardSize = 8 << 20
    public static let maximumProperties = 1_000

    /// Why `card`, written as `text`, is beyond the limits; nil when it is within them.
    public static func excess(of card: VCard, writtenAs text: String) -> VCardError? {
        if text.utf8.count > maximumCardSize { return .tooLarge(limit: maximumCardSize) }
        if card.properties.count > maximumProperties { return .tooManyProperties(limit: maximumProperties) }
        return nil
    }

    static func describe(bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
    }
}

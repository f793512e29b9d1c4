import FriendsAPI

/// Plausible, valid, deterministic friends for `friendservice seed` and load tests,
/// with names from several scripts.
public struct SampleFriends: Sequence, IteratorProtocol {
    private static let firstNames = [
        "Ada", "Alan", "Grace", "Linus", "José", "Zoë", "Ødegaard", "Åsa", "Mikko", "Aino", "Chiara", "Łukasz",
        "Søren", "Amélie", "Björn", "Dmitri", "Yuki", "Hiroshi", "Wei", "李", "Priya", "Arjun", "Fatima", "Omar",
        "Noa", "Eitan", "Kwame", "Amara", "Sofía", "Mateo", "Olga", "Ivan", "Jimmy", "Jussi", "Elif", "Emre",
    ]
    private static let lastNames = [
        "Lovelace", "Turing", "Hopper", "Torvalds", "García", "Müller", "Virtanen", "Korhonen", "Rossi", "Nowak",
        "Kierkegaard", "Dubois", "Andersson", "Ivanova", "Tanaka", "Sato", "Wang", "王", "Sharma", "Patel",
        "Haddad", "Levi", "Mensah", "Okafor", "Fernández", "Silva", "Petrov", "Suojanen", "Yılmaz", "Nguyen",
        "O'Brien", "de la Cruz", "van Dijk", "Smith", "Jones", "Kim",
    ]

    private var remaining: Int
    private var state: UInt64

    public init(count: Int, seed: UInt64 = 0x5EED) {
        remaining = count
        state = seed
    }

    public mutating func next() -> NewFriend? {
        guard remaining > 0 else { return nil }
        remaining -= 1
        let first = Self.firstNames[Int(random() % UInt64(Self.firstNames.count))]
        let last = Self.lastNames[Int(random() % UInt64(Self.lastNames.count))]
        let phone = "+358 40 \(100_0000 + random() % 900_0000)"
        let mailbox = "\(first.lowercased().filter(\.isLetter)).\(random() % 10_000)@example.com"
        return NewFriend(firstname: first, lastname: last, phonenumber: phone, email: mailbox, about: "")
    }

    /// xorshift64*: fast, deterministic, good enough for sample data.
    private mutating func random() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 2_685_821_657_736_338_717
    }
}

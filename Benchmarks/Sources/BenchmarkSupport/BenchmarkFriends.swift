import FriendsAPI

/// Deterministic friends for the benchmarks: the same list on every run, with names in several
/// scripts (about one in eight is not plain ASCII) so text handling is measured as users meet it.
public enum BenchmarkFriends {
    static let firstNames = [
        "Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Margaret", "Linus", "Ken", "Dennis",
        "Frances", "John", "Radia", "Tim", "Sophie", "Guido", "José", "Zoë", "Søren", "明",
    ]
    static let lastNames = [
        "Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Hamilton", "Torvalds", "Thompson",
        "Ritchie", "Allen", "Backus", "Perlman", "Berners-Lee", "Wilson", "van Rossum", "Núñez", "Ødegaard",
        "李", "Smith",
    ]

    /// `count` friends with ids 1...count.
    public static func make(count: Int) -> [Friend] {
        (0..<count).map(friend)
    }

    /// The friend at `index` (id `index + 1`).
    public static func friend(_ index: Int) -> Friend {
        let first = firstNames[index % firstNames.count]
        let last = lastNames[(index / firstNames.count + index) % lastNames.count]
        let number = 10_000_000 + (index * 7_919) % 89_999_999
        return Friend(
            id: index + 1,
            firstname: first,
            lastname: last,
            phonenumber: "+1 555 \(number)",
            email: "\(first.lowercased()).\(index)@example.com",
            about: index % 3 == 0 ? "Met at the conference in \(2_000 + index % 25)." : ""
        )
    }
}

import FriendsAPI

/// The friends the list has loaded, in list order, with a row for each, and where the next page
/// starts. Appending a page builds rows for that page only; removing or replacing a friend
/// touches that friend's row only.
struct LoadedFriends {
    private(set) var friends: [Friend] = []
    private(set) var rows: [FriendsListCell] = []
    /// Where the next page starts; `nil` when everything is loaded.
    private(set) var nextCursor: String?
    /// Each loaded friend's position, by id.
    private var positions: [Int: Int] = [:]

    var count: Int { friends.count }
    var isEmpty: Bool { friends.isEmpty }

    func index(of id: Int) -> Int? {
        positions[id]
    }

    func friend(id: Int) -> Friend? {
        positions[id].map { friends[$0] }
    }

    mutating func replace(with page: FriendPage) {
        self = LoadedFriends()
        append(page)
    }

    mutating func append(_ page: FriendPage) {
        // A friend that moved between pages (renamed elsewhere meanwhile) shows once.
        let fresh = page.items.filter { positions[$0.id] == nil }
        for friend in fresh {
            positions[friend.id] = friends.count
            friends.append(friend)
        }
        rows += fresh.map { .normal(FriendCellViewModel(friend: $0)) }
        nextCursor = page.nextCursor
    }

    /// Removes the friend; returns the position it had.
    mutating func remove(id: Int) -> Int? {
        guard let index = positions.removeValue(forKey: id) else { return nil }
        friends.remove(at: index)
        rows.remove(at: index)
        for (offset, friend) in friends[index...].enumerated() {
            positions[friend.id] = index + offset
        }
        return index
    }

    /// Where `friend` goes in list order among the loaded friends (`count` when after them all):
    /// before the first one it precedes. They are in list order, so halving the range finds it in
    /// a few comparisons; one a row (each folds two names) made an import of thousands of friends
    /// take minutes to show in a list with a thousand rows loaded.
    func insertionIndex(for friend: Friend) -> Int {
        var low = 0
        var high = friends.count
        while low < high {
            let middle = (low + high) / 2
            if FriendListOrder.precedes(friend, friends[middle]) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }

    /// Puts `friend` (not loaded yet) at `index`.
    mutating func insert(_ friend: Friend, at index: Int) {
        friends.insert(friend, at: index)
        rows.insert(.normal(FriendCellViewModel(friend: friend)), at: index)
        for (offset, friend) in friends[index...].enumerated() {
            positions[friend.id] = index + offset
        }
    }

    /// Shows `friend` as it is now, in the row it had.
    mutating func update(_ friend: Friend) {
        guard let index = positions[friend.id] else { return }
        friends[index] = friend
        rows[index] = .normal(FriendCellViewModel(friend: friend))
    }
}

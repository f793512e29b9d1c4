import Foundation
import FriendsAPI
import FriendsClient

/// A FriendsProviding that answers from memory and records what it was asked, so screens can be
/// shown in every state without a server.
final class FakeFriendsClient: FriendsProviding {
    struct Log: Equatable {
        var queries: [FriendListQuery] = []
        var added: [NewFriend] = []
        var deleted: [Int] = []
        /// Friends someone else deleted: they are not found any more.
        var deletedElsewhere: Set<Int> = []
    }

    private let pages: [Result<FriendPage, AppServerError>]
    /// When set, this is the friend as changed elsewhere: an update with another tag gets 412.
    private let changedElsewhere: Friend?
    private let log = Locked(Log())

    /// Answers the n-th list request with the n-th page (the last one again after that).
    init(pages: [Result<FriendPage, AppServerError>], changedElsewhere: Friend? = nil) {
        self.pages = pages
        self.changedElsewhere = changedElsewhere
    }

    convenience init(friends: [Friend], nextCursor: String? = nil) {
        self.init(pages: [.success(FriendPage(items: friends, nextCursor: nextCursor))])
    }

    var recorded: Log { log.withLock { $0 } }

    /// Someone else deletes friend `id`.
    func deleteElsewhere(_ id: Int) {
        log.withLock { _ = $0.deletedElsewhere.insert(id) }
    }

    func friends(_ query: FriendListQuery) async throws(AppServerError) -> FriendPage {
        let index = log.withLock { log in
            log.queries.append(query)
            return log.queries.count - 1
        }
        return try pages[min(index, pages.count - 1)].get()
    }

    func friend(id: Int) async throws(AppServerError) -> Versioned<Friend> {
        if log.withLock({ $0.deletedElsewhere.contains(id) }) { throw .notFound }
        if let changedElsewhere, changedElsewhere.id == id { return Versioned(changedElsewhere, eTag: "\"2\"") }
        let known = pages.compactMap { try? $0.get() }.flatMap(\.items)
        guard let friend = known.first(where: { $0.id == id }) else { throw .notFound }
        return Versioned(friend, eTag: "\"1\"")
    }

    func addFriend(_ friend: NewFriend) async throws(AppServerError) -> Versioned<Friend> {
        log.withLock { $0.added.append(friend) }
        return Versioned(Friend(id: 100, friend), eTag: "\"1\"")
    }

    func updateFriend(id: Int, with update: FriendUpdate, ifMatch: String?) async throws(AppServerError) -> Versioned<Friend> {
        if changedElsewhere?.id == id, ifMatch != "\"2\"" { throw .conflict }
        let original = try await friend(id: id)
        return Versioned(original.value, eTag: "\"2\"")
    }

    func deleteFriend(id: Int, ifMatch: String?) async throws(AppServerError) {
        log.withLock { $0.deleted.append(id) }
    }

    func avatar(id: Int) async throws(AppServerError) -> Data {
        Data("<svg/>".utf8)
    }
}

enum SampleData {
    static let ada = Friend(id: 1, firstname: "Ada", lastname: "Lovelace", phonenumber: "0501234567",
                            email: "ada@example.com", about: "Wrote the first program.")
    static let alan = Friend(id: 2, firstname: "Alan", lastname: "Turing", phonenumber: "+44 161 496 0754")
    static let fang = Friend(id: 3, firstname: "芳", lastname: "王", phonenumber: "+86 138 0013 8000")
    static let grace = Friend(id: 4, firstname: "Grace", lastname: "Hopper")
    static let friends = [ada, alan, fang, grace]
}

/// A value behind a lock, for the fake's record (the tests also run on macOS 14, without `Mutex`).
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

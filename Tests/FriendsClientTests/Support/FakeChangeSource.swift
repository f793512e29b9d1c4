import FriendsAPI
import FriendsClient

/// A change feed whose connections follow a script: each attempt is accepted (the test then
/// feeds and ends it through `connection(_:)`) or refused with an error. Records every position asked for.
actor FakeChangeSource: FriendChangesProviding {
    enum Attempt: Sendable {
        case accept
        case refuse(AppServerError)
    }

    private var script: [Attempt]
    private(set) var positions: [Int?] = []
    private var connections: [FriendChangeStream.Continuation] = []

    init(_ script: [Attempt]) {
        self.script = script
    }

    func changes(after sequence: Int?) async throws(AppServerError) -> FriendChangeStream {
        positions.append(sequence)
        guard !script.isEmpty else { throw .unreachable }
        switch script.removeFirst() {
        case .refuse(let error):
            throw error
        case .accept:
            let (stream, continuation) = FriendChangeStream.makeStream()
            connections.append(continuation)
            return stream
        }
    }

    /// The `index`th accepted connection (from 0); tests yield `FriendFeedMessage`s, or changes through `yield(_:)` below.
    func connection(_ index: Int) -> FriendChangeStream.Continuation {
        connections[index]
    }
}

extension FriendChangeStream.Continuation {
    /// Sends a change down a fake connection.
    @discardableResult
    func yield(_ change: FriendChange) -> YieldResult {
        yield(.change(change))
    }
}

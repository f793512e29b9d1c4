import Foundation
import FriendsAPI
import FriendsClient
import Testing

/// A scripted `FriendsProviding`: every call is recorded, and answered by the next reply queued
/// for its operation. A `.held` reply waits until the test opens its gate.
actor FakeFriendsClient: FriendsProviding {
    enum Call: Equatable, Sendable {
        case friends(FriendListQuery)
        case friend(id: Int)
        case add(NewFriend)
        case update(id: Int, FriendUpdate, ifMatch: String?)
        case delete(id: Int, ifMatch: String?)
        case avatar(id: Int)
    }

    private(set) var calls: [Call] = []
    /// Calls whose task was cancelled by the time their reply came.
    private(set) var cancelledCalls: [Call] = []
    private var pageReplies: [Reply<FriendPage>] = []
    private var friendReplies: [Reply<Versioned<Friend>>] = []
    private var addReplies: [Reply<Versioned<Friend>>] = []
    private var updateReplies: [Reply<Versioned<Friend>>] = []
    private var deleteReplies: [Reply<Void>] = []
    private var avatarReplies: [Reply<Data>] = []

    func enqueuePages(_ replies: Reply<FriendPage>...) { pageReplies += replies }
    func enqueueFriends(_ replies: Reply<Versioned<Friend>>...) { friendReplies += replies }
    func enqueueAdds(_ replies: Reply<Versioned<Friend>>...) { addReplies += replies }
    func enqueueUpdates(_ replies: Reply<Versioned<Friend>>...) { updateReplies += replies }
    func enqueueDeletes(_ replies: Reply<Void>...) { deleteReplies += replies }
    func enqueueAvatars(_ replies: Reply<Data>...) { avatarReplies += replies }

    func friends(_ query: FriendListQuery) async throws(AppServerError) -> FriendPage {
        try await answer(.friends(query), with: take(&pageReplies))
    }

    func friend(id: Int) async throws(AppServerError) -> Versioned<Friend> {
        try await answer(.friend(id: id), with: take(&friendReplies))
    }

    func addFriend(_ friend: NewFriend) async throws(AppServerError) -> Versioned<Friend> {
        try await answer(.add(friend), with: take(&addReplies))
    }

    func updateFriend(id: Int, with update: FriendUpdate, ifMatch: String?) async throws(AppServerError) -> Versioned<Friend> {
        try await answer(.update(id: id, update, ifMatch: ifMatch), with: take(&updateReplies))
    }

    func deleteFriend(id: Int, ifMatch: String?) async throws(AppServerError) {
        try await answer(.delete(id: id, ifMatch: ifMatch), with: take(&deleteReplies))
    }

    func avatar(id: Int) async throws(AppServerError) -> Data {
        try await answer(.avatar(id: id), with: take(&avatarReplies))
    }

    private func take<Value>(_ replies: inout [Reply<Value>]) -> Reply<Value>? {
        replies.isEmpty ? nil : replies.removeFirst()
    }

    private func answer<Value: Sendable>(_ call: Call, with reply: Reply<Value>?) async throws(AppServerError) -> Value {
        calls.append(call)
        guard let reply else {
            Issue.record("No reply queued for \(call)")
            throw .unreachable
        }
        let result: Result<Value, AppServerError>
        switch reply {
        case .success(let value): result = .success(value)
        case .failure(let error): result = .failure(error)
        case .held(let gate): result = await gate.wait()
        }
        if Task.isCancelled { cancelledCalls.append(call) }
        return try result.get()
    }
}

/// How the fake answers one call.
enum Reply<Value: Sendable>: Sendable {
    case success(Value)
    case failure(AppServerError)
    /// Waits until the test opens the gate, then answers what it was opened with.
    case held(Gate<Value>)
}

extension Reply where Value == Void {
    static var success: Reply<Void> { .success(()) }
}

/// A reply the test releases when it chooses, to control the order in which answers arrive.
actor Gate<Value: Sendable> {
    private var result: Result<Value, AppServerError>?
    private var waiters: [CheckedContinuation<Result<Value, AppServerError>, Never>] = []

    func wait() async -> Result<Value, AppServerError> {
        if let result { return result }
        return await withCheckedContinuation { waiters.append($0) }
    }

    func open(with result: Result<Value, AppServerError>) {
        self.result = result
        for waiter in waiters { waiter.resume(returning: result) }
        waiters = []
    }
}

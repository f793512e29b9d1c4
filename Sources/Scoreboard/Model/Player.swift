import Foundation

/// One player in a pickup game. Players are told apart by `id`, so two players may share a name.
public struct Player: Identifiable, Hashable, Codable, Sendable {
    public let id: UUID
    public let name: String

    public init(id: UUID = UUID(), name: String) {
        self.id = id
        self.name = name
    }
}

import Foundation

/// The state of a friend's avatar picture.
public enum AvatarImage: Equatable, Sendable {
    /// Not loaded yet.
    case loading
    /// The image bytes (FriendService sends SVG); the view decides how to show them.
    case loaded(Data)
    /// Could not be loaded; show the initials instead.
    case unavailable
}

/// Why the app could not start, worded for the person who ran it (printed as one line, no stack trace).
struct LaunchError: Error, CustomStringConvertible, Equatable {
    let description: String
    /// The FriendService asked who is there and was not told (or not believed).
    var isUnauthorized = false

    init(_ description: String) {
        self.description = description
    }

    init(isUnauthorized: Bool, _ description: String) {
        self.description = description
        self.isUnauthorized = isUnauthorized
    }
}

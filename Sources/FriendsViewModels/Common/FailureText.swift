/// Texts shared by several screens' failure messages.
enum FailureText {
    /// What a failed write says when the reason is neither 401 nor 404.
    static let couldNotConnect = "Could not connect to server. Check your network and try again later."
}

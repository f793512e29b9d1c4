/// Texts shared by several screens' failure messages.
enum FailureText {
    /// What a failed write says when the reason is neither 401 nor 404.
    static let couldNotConnect = "Could not connect to server. Check your network and try again later."
    /// The same, when the server is on this machine: the network is not to blame.
    static let couldNotConnectHere = "Could not connect to the Friends service on this computer. Try again later."

    /// `couldNotConnect`, or `couldNotConnectHere` for a server on this machine.
    static func couldNotConnect(onThisMachine: Bool) -> String {
        onThisMachine ? couldNotConnectHere : couldNotConnect
    }
}

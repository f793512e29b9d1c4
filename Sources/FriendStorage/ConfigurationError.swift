/// A configuration the server refuses to run with; the message tells the user what to change.
public struct ConfigurationError: Error, CustomStringConvertible, Equatable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

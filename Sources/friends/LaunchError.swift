/// Why the app could not start, worded for the person who ran it (printed as one line, no stack trace).
struct LaunchError: Error, CustomStringConvertible, Equatable {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

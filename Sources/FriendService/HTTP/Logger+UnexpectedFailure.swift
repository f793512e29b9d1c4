import Logging

extension Logger {
    /// A failure nobody foresaw (a bug), answered with 500: the answer says only that it is logged,
    /// so the log says which request and why, the same way for REST and CardDAV.
    func unexpectedFailure(method: String, path: String, error: any Error) {
        self.error(
            "Unexpected failure answered with 500",
            metadata: ["method": "\(method)", "path": "\(path)", "error": "\(String(reflecting: error))"]
        )
    }
}

/// One HTTP request as the server hands it to ``CardDAVHandler``.
public struct DAVRequest: Sendable {
    public var method: String
    /// The raw request-target path, still percent-encoded, without the query.
    public var path: String
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(method: String, path: String, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }

    /// The value of a header, case-insensitively; repeated headers are joined with ", ".
    public func header(_ name: String) -> String? {
        let values = headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }
}

/// Receives a streamed response body in chunks.
public protocol DAVBodyWriter: Sendable {
    func write(_ bytes: [UInt8]) async throws
}

public struct DAVResponse: Sendable {
    public enum Body: Sendable {
        case empty
        case bytes([UInt8])
        /// Written in chunks of many responses; the length is not known in advance.
        case stream(@Sendable (any DAVBodyWriter) async throws -> Void)
    }

    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Body

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Body = .empty) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

extension DAVResponse {
    static let xmlContentType = "application/xml; charset=utf-8"

    static func text(_ status: Int, _ message: String, headers: [(name: String, value: String)] = []) -> DAVResponse {
        DAVResponse(status: status,
                    headers: [("Content-Type", "text/plain; charset=utf-8")] + headers,
                    body: .bytes(Array((message + "\n").utf8)))
    }

    static func xml(_ status: Int, _ document: String, headers: [(name: String, value: String)] = []) -> DAVResponse {
        DAVResponse(status: status,
                    headers: [("Content-Type", xmlContentType)] + headers,
                    body: .bytes(Array((xmlDeclaration + document).utf8)))
    }

    /// A `D:error` body naming the precondition that failed, with a human-readable message.
    static func error(_ status: Int, precondition: String, message: String,
                      headers: [(name: String, value: String)] = []) -> DAVResponse {
        let messageElement = message.isEmpty ? "" :
            "<F:message xmlns:F=\"\(DAVNamespace.friends)\">\(escapeXML(message))</F:message>"
        return xml(status, "<D:error\(DAVNamespace.rootDeclarations)>\(precondition)\(messageElement)</D:error>\n",
                   headers: headers)
    }

    static func methodNotAllowed(_ allow: [String], _ message: String) -> DAVResponse {
        text(405, message, headers: [("Allow", allow.joined(separator: ", "))])
    }
}

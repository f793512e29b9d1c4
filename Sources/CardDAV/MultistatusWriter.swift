/// Streams a 207 Multi-Status body, buffering many responses per write so that a listing of
/// thousands of cards costs a few dozen writes and flat memory.
struct MultistatusWriter {
    static let chunkSize = 64 * 1024
    static let head = xmlDeclaration + "<D:multistatus\(DAVNamespace.rootDeclarations)>\n"
    static let tail = "</D:multistatus>\n"

    let writer: any DAVBodyWriter
    private var buffer: [UInt8] = []

    init(writer: any DAVBodyWriter) {
        self.writer = writer
        buffer.reserveCapacity(Self.chunkSize + 4096)
    }

    mutating func append(_ text: String) async throws {
        buffer.append(contentsOf: text.utf8)
        try await writeWhenFull()
    }

    /// Appends one `D:response` of `Properties`, written straight into the buffer.
    mutating func appendResponse(href: String, request: PropertyRequest, target: PropertyTarget,
                                 context: PropertyContext) async throws {
        Properties.write(href: href, request: request, target: target, context: context, into: &buffer)
        try await writeWhenFull()
    }

    private mutating func writeWhenFull() async throws {
        if buffer.count >= Self.chunkSize {
            try await writer.write(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    mutating func finish() async throws {
        if !buffer.isEmpty { try await writer.write(buffer) }
        buffer = []
    }

    /// A 207 whose body `produce` writes between the multistatus start and end tags.
    static func response(
        _ produce: @escaping @Sendable (inout MultistatusWriter) async throws -> Void
    ) -> DAVResponse {
        DAVResponse(status: 207, headers: [("Content-Type", DAVResponse.xmlContentType)], body: .stream { writer in
            var out = MultistatusWriter(writer: writer)
            try await out.append(head)
            try await produce(&out)
            try await out.append(tail)
            try await out.finish()
        })
    }

    /// A small 207 built in memory.
    static func bytes(_ responses: [String]) -> DAVResponse {
        DAVResponse(status: 207, headers: [("Content-Type", DAVResponse.xmlContentType)],
                    body: .bytes(Array((head + responses.joined() + tail).utf8)))
    }
}

/// A `D:response` that carries only a status, e.g. a 404 for an unknown href or a removed card.
func statusResponse(href: String, status: Int, error: String? = nil) -> String {
    var xml = "<D:response><D:href>\(escapeXML(href))</D:href><D:status>\(statusLine(status))</D:status>"
    if let error { xml += "<D:error>\(error)</D:error>" }
    return xml + "</D:response>\n"
}

import Hummingbird

extension Response {
    /// The answer to `HEAD` where this one answers `GET`: the same head, no body (RFC 9110 §9.3.2).
    /// Hummingbird's own `HEAD` endpoints say `Content-Length: 0` when `GET` streams its body (an
    /// export, the live feed), which tells a client the body is empty; this head keeps saying what
    /// `GET`'s does (chunked, or no length on HTTP/1.0), and the stream is never run.
    public var answeringHEAD: Response {
        Response(
            status: status, headers: headers,
            body: ResponseBody(contentLength: body.contentLength) { writer in try await writer.finish(nil) }
        )
    }
}

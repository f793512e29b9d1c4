import CardDAV
import HTTPServerKit
import HTTPTypes
import Hummingbird
import NIOCore
import VCard

/// Hands the DAV requests (`PROPFIND /`, `/.well-known/carddav`, everything under `/dav/`) to the
/// CardDAV handler, after the authentication and Host checks that guard every route; every
/// other request goes on to the REST routes.
struct CardDAVMiddleware<Context: RequestContext>: RouterMiddleware {
    let handler: CardDAVHandler
    let addressBook: FriendAddressBook
    /// Whose address book this is: the account's name, or `principal` on a server without accounts.
    let principal: String
    /// How many listings and reports of this address book are worked on at once (see `limitsAnswers`).
    let answers = ConcurrencyLimit(Self.concurrentAnswers)
    /// The principal of the one book of a server without accounts.
    static var principal: String { "friends" }

    /// Two per core: the work is the server's own (parsing, reading, writing XML), so more at once
    /// answers no faster, and each holds its request and the cards it read until its answer is made.
    static var concurrentAnswers: Int { 2 * System.coreCount }

    static var configuration: CardDAVConfiguration {
        var configuration = CardDAVConfiguration()
        configuration.maxResourceSize = VCardLimits.maximumCardSize
        return configuration
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard CardDAVHandler.handles(path: request.uri.path, method: request.method.rawValue) else {
            return try await next(request, context)
        }
        var request = request
        let limit = max(handler.configuration.maxResourceSize, handler.configuration.maxRequestBodySize) + 1
        // Said before the body is read, so that a client waiting for `100 Continue` does not send it.
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            return oversizedAnswer(to: request)
        }
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: limit)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            return oversizedAnswer(to: request)
        } catch is RequestReadTimeout {
            return Self.response(handler.answerToUnreadableBody(timedOut: true))
        } catch {
            return Self.response(handler.answerToUnreadableBody(timedOut: false))
        }
        let davRequest = DAVRequest(
            method: request.method.rawValue,
            path: request.uri.path,
            headers: request.headers.map { (name: $0.name.rawName, value: $0.value) },
            body: Array(body.readableBytesView)
        )
        let answer = if Self.limitsAnswers(to: davRequest.method) {
            await answers.run { await handler.handle(davRequest, principal: principal, backend: addressBook) }
        } else {
            await handler.handle(davRequest, principal: principal, backend: addressBook)
        }
        return Self.response(answer)
    }

    private func oversizedAnswer(to request: Request) -> Response {
        var answer = Self.response(handler.answerToOversizedBody(method: request.method.rawValue))
        // The rest of the body is not read: the connection cannot carry another request.
        answer.headers[.connection] = "close"
        return answer
    }

    /// PROPFIND and REPORT wait for their turn: 32 clients fetching 100 cards each at once raised
    /// the peak memory 2 MB more than four at a time did, for the same throughput (BENCHMARKS.md).
    /// The limit ends where the answer starts: a long listing streams, and a slow client reads,
    /// outside it.
    static func limitsAnswers(to method: String) -> Bool {
        ["PROPFIND", "REPORT"].contains(method.uppercased())
    }

    static func response(_ answer: DAVResponse) -> Response {
        var headers = HTTPFields()
        for (name, value) in answer.headers {
            if let field = HTTPField.Name(name) { headers.append(HTTPField(name: field, value: value)) }
        }
        let status = HTTPResponse.Status(code: answer.status)
        switch answer.body {
        case .empty:
            return Response(status: status, headers: headers)
        case .bytes(let bytes):
            return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        case .stream(let produce):
            return Response(status: status, headers: headers, body: ResponseBody { writer in
                let box = WriterBox(writer: writer)
                try await produce(box)
                try await box.writer.finish(nil)
            })
        }
    }
}

/// The response writer, lent to the DAV handler's stream for the length of one response. The
/// stream writes from the one task that runs the response body, one write after the other, so
/// the writer is never used from two places at once.
private final class WriterBox: DAVBodyWriter, @unchecked Sendable {
    var writer: any ResponseBodyWriter

    init(writer: any ResponseBodyWriter) {
        self.writer = writer
    }

    func write(_ bytes: [UInt8]) async throws {
        try await writer.write(ByteBuffer(bytes: bytes))
    }
}

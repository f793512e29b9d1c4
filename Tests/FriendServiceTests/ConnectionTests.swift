import Foundation
import HTTPServerKit
import FriendsAPI
import TestSupport
import Testing

@testable import FriendService
@testable import FriendStorage

/// The HTTP layer over real sockets: framing errors, timeouts, the connection cap, HEAD, CONNECT and
/// shutdown, sent byte for byte as no HTTP client would.
struct ConnectionTests {
    static let jsonHeaders = "Host: localhost\r\nContent-Type: application/json\r\n"
    static let healthRequest = "GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n"

    /// A `POST /friends` of a friend called `name`, as a client sends it whole.
    static func postRequest(_ name: String, headers: String = "") -> String {
        let body = #"{"firstname": "\#(name)"}"#
        return "POST /friends HTTP/1.1\r\n\(jsonHeaders)\(headers)Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    /// A server over an in-memory store with `limits`, for a test that stops it itself.
    static func startServer(_ limits: ConnectionLimits = ConnectionLimits()) async throws -> RunningFriendServer {
        var configuration = TestApp.configuration()
        configuration.connectionLimits = limits
        return try await FriendServer.start(configuration)
    }

    /// A server over an in-memory store with `limits`, stopped after `body`.
    static func withServer(
        _ limits: ConnectionLimits = ConnectionLimits(),
        _ body: (RunningFriendServer, Int) async throws -> Void
    ) async throws {
        let server = try await startServer(limits)
        let result = await Result.capturing { try await body(server, try #require(server.url.port)) }
        try await server.shutdown()
        try result.get()
    }

    static func friendCount(port: Int) async throws -> Int {
        let connection = try RawHTTPConnection(port: port)
        try await connection.send("GET /listFriends HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let response = try await connection.readResponse()
        return try JSONDecoder().decode([Friend].self, from: response.body).count
    }

    static func expectEnvelope(_ response: RawHTTPConnection.Response, status: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(response.status == status, "\(response.statusLine)", sourceLocation: sourceLocation)
        #expect(response.header("Content-Type")?.hasPrefix("application/json") == true, sourceLocation: sourceLocation)
        let envelope = try JSONDecoder().decode(ErrorEnvelope.self, from: response.body)
        #expect(!envelope.message.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func anHTTP10RequestGetsAnHTTP10AnswerAndABodyOfUnknownLengthEndsWithTheConnection() async throws {
        try await Self.withServer { server, port in
            _ = try await server.send("POST", "friends", json: #"{"firstname": "Ada", "lastname": "Lovelace"}"#)
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("GET /friends HTTP/1.0\r\nHost: localhost\r\nAccept: text/vcard\r\nConnection: keep-alive\r\n\r\n")
            let head = try await connection.readResponse(toHEAD: true)
            #expect(head.statusLine.hasPrefix("HTTP/1.0 200"))
            #expect(head.header("Content-Type")?.hasPrefix("text/vcard") == true)
            #expect(head.header("Transfer-Encoding") == nil)
            #expect(head.header("Content-Length") == nil)
            #expect(head.header("Connection") == "close")
            let (ending, body) = await connection.readToEnd()
            #expect(ending == .closed)
            let cards = String(decoding: body, as: UTF8.self)
            #expect(cards.hasPrefix("BEGIN:VCARD\r\n") && cards.hasSuffix("END:VCARD\r\n"), "\(cards)")
            #expect(cards.contains("FN:Ada Lovelace\r\n"))
        }
    }

    /// The export's answer to HTTP/1.0 ends with the connection, so a request pipelined behind
    /// it could never be answered: it ran anyway (a POST made a friend its client never heard of,
    /// and the export ended with a stray response). Now it is not read at all.
    @Test func aRequestPipelinedBehindAnHTTP10OneIsNotRun() async throws {
        try await Self.withServer { server, port in
            _ = try await server.send("POST", "friends", json: #"{"firstname": "Ada", "lastname": "Lovelace"}"#)
            let connection = try RawHTTPConnection(port: port)
            let body = #"{"firstname":"Pipelined"}"#
            try await connection.send(
                "GET /friends HTTP/1.0\r\nHost: localhost\r\nAccept: text/vcard\r\nConnection: keep-alive\r\n\r\n"
                    + "POST /friends HTTP/1.0\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            )
            let head = try await connection.readResponse(toHEAD: true)
            #expect(head.statusLine.hasPrefix("HTTP/1.0 200"))
            let (ending, rest) = await connection.readToEnd()
            #expect(ending == .closed)
            let cards = String(decoding: rest, as: UTF8.self)
            #expect(cards.hasSuffix("END:VCARD\r\n"), "\(cards)")
            #expect(!cards.contains("HTTP/1.0 201"))
            #expect(try await Self.friendCount(port: port) == 1)
        }
    }

    /// The same when the request comes while the export is on its way, its head already sent:
    /// however the two meet, the request behind it never runs.
    @Test func aRequestSentDuringAnHTTP10ExportIsNotRun() async throws {
        // A client late past the close grace (2 s; one run of the whole suite kept this test's task
        // waiting that long) sends its request to a socket already closed, which answers with a reset.
        try await Self.withServer(ConnectionLimits(closeGrace: .seconds(60))) { server, port in
            // Stored directly: imported over HTTP, 2,000 cards took longer than a read waits on a loaded machine.
            try await server.feed.store.insert((0..<2_000).map { NewFriend(firstname: "Friend \($0)", lastname: "") })
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("GET /friends HTTP/1.0\r\nHost: localhost\r\nAccept: text/vcard\r\nConnection: keep-alive\r\n\r\n")
            let head = try await connection.readResponse(toHEAD: true)
            #expect(head.header("Connection") == "close")
            let body = #"{"firstname":"Pipelined"}"#
            // The connection may be closed already, the export sent: then the send fails, as it may.
            try? await connection.send(
                "POST /friends HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            )
            let (ending, rest) = await connection.readToEnd()
            #expect(ending == .closed)
            #expect(!String(decoding: rest, as: UTF8.self).contains("HTTP/1.1 201"))
            #expect(try await Self.friendCount(port: port) == 2_000)
        }
    }

    /// A client that reads slowly and sends again after being told the connection closes (the
    /// request it had pipelined, say) gets the whole answer: the server waits until the client has
    /// it before closing, where closing once the close grace had passed made the client's bytes
    /// meet a closed socket, whose reset threw away the rest of the export.
    @Test func aSlowClientWritingAfterTheCloseGetsTheWholeExport() async throws {
        try await Self.withServer(ConnectionLimits(closeGrace: .milliseconds(100))) { server, port in
            try await server.feed.store.insert((0..<2_000).map { NewFriend(firstname: "Friend \($0)", lastname: "") })
            let connection = try RawHTTPConnection(port: port, receiveBuffer: 4_096)
            try await connection.send("GET /friends HTTP/1.0\r\nHost: localhost\r\nAccept: text/vcard\r\n\r\n")
            let head = try await connection.readResponse(toHEAD: true)
            #expect(head.header("Connection") == "close")
            // The client reads nothing for ten times the close grace.
            try await Task.sleep(for: .seconds(1))
            try? await connection.send("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let (ending, rest) = await connection.readToEnd()
            #expect(ending == .closed)
            let cards = String(decoding: rest, as: UTF8.self)
            #expect(cards.components(separatedBy: "END:VCARD\r\n").count == 2_001)
            #expect(cards.hasSuffix("END:VCARD\r\n"))
        }
    }

    @Test func anHTTP10ClientThatAsksToKeepTheConnectionIsToldItIsKept() async throws {
        try await Self.withServer { _, port in
            let connection = try RawHTTPConnection(port: port)
            for _ in 0..<2 {
                try await connection.send("GET /listFriends HTTP/1.0\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n")
                let response = try await connection.readResponse()
                #expect(response.statusLine.hasPrefix("HTTP/1.0 200"))
                #expect(response.header("Connection") == "keep-alive")
                #expect(String(decoding: response.body, as: UTF8.self) == "[]")
            }
            try await connection.send("GET /listFriends HTTP/1.0\r\nHost: localhost\r\n\r\n")
            #expect(try await connection.readResponse().header("Connection") == "close")
            #expect(await connection.readToEnd().ending == .closed)
        }
    }

    @Test(arguments: [
        "Transfer-Encoding: chunked\r\n\r\nzz\r\n",
        "Transfer-Encoding: chunked\r\n\r\n5\r\nabc\r\n0\r\n\r\n",
        "Transfer-Encoding: chunked\r\n\r\n4\r\n{\"fi\r\nzz\r\n",
    ])
    func aBrokenChunkedBodyIs400NotADatabaseOutage(framing: String) async throws {
        try await Self.withServer { _, port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("POST /friends HTTP/1.1\r\n\(Self.jsonHeaders)\(framing)")
            let response = try await connection.readResponse()
            try Self.expectEnvelope(response, status: 400)
            #expect(response.header("Connection") == "close")
            #expect(await connection.readToEnd().ending == .closed)
            #expect(try await Self.friendCount(port: port) == 0)
        }
    }

    /// A DAV request's body that breaks or stops arriving is the client's error, as over REST: a
    /// phone that loses its connection in the middle of a `PUT` is no server fault.
    @Test func aDAVBodyThatBreaksGets400AndOneThatStopsGets408() async throws {
        try await Self.withServer(ConnectionLimits(bodyTimeout: .milliseconds(300))) { _, port in
            let book = "/dav/addressbooks/friends/friends/"
            for request in ["PUT \(book)cut.vcf", "REPORT \(book)", "PROPFIND \(book)"] {
                let connection = try RawHTTPConnection(port: port)
                try await connection.send("\(request) HTTP/1.1\r\nHost: localhost\r\nDepth: 1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nBEGIN\r\nzz\r\n")
                let response = try await connection.readResponse()
                #expect(response.status == 400, "\(request): \(response.statusLine)")
                #expect(response.header("Connection") == "close")
            }
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("PUT \(book)slow.vcf HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/vcard\r\nContent-Length: 500\r\n\r\nBEGIN:VCARD\r\n")
            let response = try await connection.readResponse()
            #expect(response.status == 408, "\(response.statusLine)")
            #expect(response.header("Connection") == "close")
            #expect(try await Self.friendCount(port: port) == 0)
        }
    }

    /// An import whose body breaks: every whole card before the break is kept, and the answer
    /// says how many, since no report follows.
    @Test func anImportCutOffSaysWhatWasKeptBeforeTheBreak() async throws {
        try await Self.withServer { _, port in
            let cards = (1...40).map { "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:cut-\($0)\r\nFN:Person \($0)\r\nN:;Person;;;\r\nEND:VCARD\r\n" }.joined()
            let chunk = String(cards.utf8.count, radix: 16) + "\r\n" + cards + "\r\n"
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("POST /friends/import HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/vcard\r\nTransfer-Encoding: chunked\r\n\r\n\(chunk)zz\r\n")
            let response = try await connection.readResponse()
            try Self.expectEnvelope(response, status: 400)
            let message = try JSONDecoder().decode(ErrorEnvelope.self, from: response.body).message
            #expect(try await Self.friendCount(port: port) == 40)
            #expect(message.contains("The 40 cards read before that were kept (created 40, updated 0, unchanged 0)"), "\(message)")
        }
    }

    @Test func anImportThatStopsArrivingGets408AndKeepsWhatCame() async throws {
        try await Self.withServer(ConnectionLimits(bodyTimeout: .milliseconds(300))) { _, port in
            let cards = (1...3).map { "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:slow-\($0)\r\nFN:Person \($0)\r\nN:;Person;;;\r\nEND:VCARD\r\n" }.joined()
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("POST /friends/import HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/vcard\r\nContent-Length: 100000\r\n\r\n\(cards)")
            let response = try await connection.readResponse()
            try Self.expectEnvelope(response, status: 408)
            let message = try JSONDecoder().decode(ErrorEnvelope.self, from: response.body).message
            #expect(message.hasPrefix("The file stopped arriving, or came too slowly. The 3 cards read before that were kept"), "\(message)")
            #expect(try await Self.friendCount(port: port) == 3)
        }
    }

    /// A body that keeps coming earns time at the minimum rate: a big import over a slow link is
    /// read to its end, after the body timeout.
    @Test func aBodyThatKeepsArrivingIsReadPastTheBodyTimeout() async throws {
        try await Self.withServer(ConnectionLimits(bodyTimeout: .milliseconds(300), minimumBodyRate: 1_000)) { _, port in
            let note = "NOTE:" + String(repeating: "a steady upload ", count: 120) + "\r\n"
            let cards = (1...11).map { "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:steady-\($0)\r\nFN:Person \($0)\r\nN:;Person;;;\r\n\(note)END:VCARD\r\n" }
            let body = cards.joined()
            let connection = try RawHTTPConnection(port: port)
            // Ten cards of 2 KB, sent with the headers, earn 20 seconds; the last one comes after
            // the 300 ms of the timeout.
            try await connection.send(
                "POST /friends/import HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/vcard\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
                    + cards.dropLast().joined()
            )
            try await Task.sleep(for: .milliseconds(600))
            try await connection.send(cards.last ?? "")
            let response = try await connection.readResponse()
            #expect(response.status == 200, "\(response.text)")
            #expect(try await Self.friendCount(port: port) == 11)
        }
    }

    @Test(arguments: [
        "POST /friends HTTP/1.1\r\n\(jsonHeaders)Transfer-Encoding: identity\r\n\r\n{}",
        "POST /friends HTTP/1.1\r\n\(jsonHeaders)Transfer-Encoding: gzip, chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
        "POST /friends HTTP/1.0\r\n\(jsonHeaders)Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
        "POST /friends HTTP/1.1\r\n\(jsonHeaders)Content-Length: abc\r\n\r\n{}",
        "POST /friends HTTP/1.1\r\n\(jsonHeaders)Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
        "FROB /friends HTTP/1.1\r\nHost: localhost\r\n\r\n",
        "GET /friends HTTP/1.1\r\n\r\n",
        "GET /friends HTTP/1.1\r\nHost: localhost\r\nHost: other\r\n\r\n",
        "GET /friends HTTP/1.1\r\nHost: localhost\r\nX-Long: \(String(repeating: "a", count: 100_000))\r\n\r\n",
        "GET /\(String(repeating: "a", count: 100_000)) HTTP/1.1\r\nHost: localhost\r\n\r\n",
    ])
    func whatTheParserRefusesGetsTheEnvelopeAndTheConnectionCloses(request: String) async throws {
        try await Self.withServer { _, port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send(request)
            let response = try await connection.readResponse()
            #expect([400, 431, 501].contains(response.status), "\(response.statusLine)")
            #expect(response.header("Date") != nil, "every answer says when it was made (RFC 9110 §6.6.1)")
            try Self.expectEnvelope(response, status: response.status)
            #expect(await connection.readToEnd().ending == .closed)
            #expect(try await Self.friendCount(port: port) == 0)
        }
    }

    /// RFC 9110 15.6.2: a method the server does not know is not implemented, not a bad request.
    @Test func aMethodNobodyKnowsGets501() async throws {
        try await Self.withServer { _, port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("FROB /friends HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let response = try await connection.readResponse()
            #expect(response.status == 501, "\(response.statusLine)")
            try Self.expectEnvelope(response, status: 501)
        }
    }

    @Test func http10WithoutHostIsServedAndClosed() async throws {
        try await Self.withServer { _, port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("GET /health HTTP/1.0\r\n\r\n")
            #expect(try await connection.readResponse().status == 200)
            #expect(await connection.readToEnd().ending == .closed)
        }
    }

    @Test func aNonLoopbackHostIsRefusedWithoutAToken() async throws {
        try await Self.withServer { _, port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("GET /listFriends HTTP/1.1\r\nHost: evil.example:\(port)\r\n\r\n")
            let response = try await connection.readResponse()
            try Self.expectEnvelope(response, status: 421)
            try await connection.send("GET /listFriends HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n")
            #expect(try await connection.readResponse().status == 200)
        }
    }

    @Test func connectIsRefusedAndTheConnectionCloses() async throws {
        try await Self.withServer { _, port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n")
            let response = try await connection.readResponse(toHEAD: true)
            #expect(response.status == 501)
            #expect(await connection.readToEnd().ending == .closed)
        }
    }

    @Test func headKeepsTheConnectionInStep() async throws {
        try await Self.withServer { _, port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send(
                "HEAD /listFriends HTTP/1.1\r\nHost: localhost\r\n\r\nGET /health HTTP/1.1\r\nHost: localhost\r\n\r\n"
            )
            let head = try await connection.readResponse(toHEAD: true)
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "2")
            let health = try await connection.readResponse()
            #expect(try JSONDecoder().decode(HealthStatus.self, from: health.body).status == "ok")
        }
    }

    @Test func onlyTheAnswerToTheRequestThatAsksToCloseSaysSoAndNothingPipelinedAfterItIsServed() async throws {
        try await Self.withServer { _, port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send(
                Self.healthRequest + Self.postRequest("Closing", headers: "Connection: close\r\n") + Self.postRequest("Pipelined")
            )
            let health = try await connection.readResponse()
            #expect(health.status == 200)
            #expect(health.header("Connection") == nil, "the connection is kept after this one")
            let created = try await connection.readResponse()
            #expect(created.status == 201)
            #expect(created.header("Connection") == "close")
            let (ending, unread) = await connection.readToEnd()
            #expect(ending == .closed)
            #expect(unread.isEmpty, "the request after the close is neither answered nor refused")
            #expect(try await Self.friendCount(port: port) == 1, "nor served")
        }
    }

    /// RFC 9112 §9.6: after an answer saying the connection closes, which the server says of its own
    /// accord (`HEAD` of the live feed, as its `GET` would), a request the client pipelined behind
    /// it is not served: the client, told so, sends it again on a new connection, where it ran twice.
    @Test func nothingPipelinedBehindAnAnswerThatClosesTheConnectionIsServed() async throws {
        try await Self.withServer { _, port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send(
                "HEAD /friends/events HTTP/1.1\r\nHost: localhost\r\n\r\n" + Self.postRequest("Pipelined") + Self.healthRequest
            )
            let head = try await connection.readResponse(toHEAD: true)
            #expect(head.status == 200)
            #expect(head.header("Connection") == "close")
            let (ending, unread) = await connection.readToEnd()
            #expect(ending == .closed)
            #expect(unread.isEmpty, "\(String(decoding: unread, as: UTF8.self))")
            #expect(try await Self.friendCount(port: port) == 0)
        }
    }

    /// Requests pipelined behind one whose answer takes a while are answered in order, each once.
    @Test func requestsPipelinedBehindALongAnswerAreAnsweredInOrder() async throws {
        try await Self.withServer { server, port in
            try await server.feed.store.insert((0..<2_000).map { NewFriend(firstname: "Friend \($0)", lastname: "") })
            let connection = try RawHTTPConnection(port: port)
            try await connection.send(
                "GET /listFriends HTTP/1.1\r\nHost: localhost\r\n\r\n" + Self.postRequest("Pipelined") + Self.healthRequest
            )
            let all = try await connection.readResponse()
            #expect(try JSONDecoder().decode([Friend].self, from: all.body).count == 2_000)
            #expect(try await connection.readResponse().status == 201)
            #expect(try await connection.readResponse().status == 200)
            #expect(try await Self.friendCount(port: port) == 2_001)
        }
    }

    /// A client that sends its requests and then says it sends nothing more (`nc -N`) gets every
    /// answer: its end of sending reached the handler before the requests held behind the first.
    @Test func requestsPipelinedBeforeTheClientFinishesSendingAreAllAnswered() async throws {
        try await Self.withServer { _, port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send(Self.healthRequest + Self.postRequest("Pipelined") + Self.healthRequest)
            connection.finishSending()
            #expect(try await connection.readResponse().status == 200)
            #expect(try await connection.readResponse().status == 201)
            #expect(try await connection.readResponse().status == 200)
            #expect(try await Self.friendCount(port: port) == 1)
        }
    }

    /// Behind a request whose answer is still on its way comes an HTTP/1.0 one, then one more, which
    /// is not read (its answer could not be told from the HTTP/1.0 body): the first answer does not
    /// say the connection closes, as a request is answered after it; the HTTP/1.0 one's does.
    @Test func onlyTheLastAnswerSaysTheConnectionCloses() async throws {
        try await Self.withServer { _, port in
            let connection = try RawHTTPConnection(port: port)
            let body = #"{"firstname": "Old"}"#
            try await connection.send(
                Self.postRequest("First")
                    + "POST /friends HTTP/1.0\r\n\(Self.jsonHeaders)Connection: keep-alive\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                    + Self.healthRequest
            )
            let first = try await connection.readResponse()
            #expect(first.status == 201)
            #expect(first.header("Connection") == nil)
            let old = try await connection.readResponse()
            #expect(old.statusLine.hasPrefix("HTTP/1.0 201"))
            #expect(old.header("Connection") == "close")
            #expect(await connection.readToEnd() == (.closed, Data()))
            #expect(try await Self.friendCount(port: port) == 2)
        }
    }

    /// A request broken after an answer that ends the conversation gets no refusal written after it.
    @Test func nothingIsWrittenAfterAnAnswerThatClosesTheConnection() async throws {
        try await Self.withServer { _, port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("HEAD /friends/events HTTP/1.1\r\nHost: localhost\r\n\r\nGET /health HTTP/1.1\r\n\r\n")
            #expect(try await connection.readResponse(toHEAD: true).header("Connection") == "close")
            #expect(await connection.readToEnd() == (.closed, Data()))
        }
    }

    /// A body that breaks after its request was answered (a `404` before the body ended) closes
    /// the connection: it was kept open for as long as the client liked.
    @Test func aBodyBrokenAfterItsAnswerClosesTheConnection() async throws {
        try await Self.withServer(ConnectionLimits(idleTimeout: .seconds(60))) { _, port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("POST /nowhere HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n")
            #expect(try await connection.readResponse().status == 404)
            try await connection.send("zz\r\nbroken\r\n")
            let (ending, rest) = await connection.readToEnd()
            #expect(ending == .closed)
            #expect(rest.isEmpty, "\(String(decoding: rest, as: UTF8.self))")
        }
    }

    /// A client that stops taking its answer holds its connection no longer than the write timeout.
    @Test func anAnswerTheClientStopsTakingClosesAfterTheWriteTimeout() async throws {
        try await Self.withServer(ConnectionLimits(writeTimeout: .milliseconds(300))) { server, port in
            try await server.feed.store.insert((0..<2_000).map { NewFriend(firstname: "Friend \($0)", lastname: "") })
            let connection = try RawHTTPConnection(port: port, receiveBuffer: 4_096)
            try await connection.send("GET /friends HTTP/1.1\r\nHost: localhost\r\nAccept: text/vcard\r\n\r\n")
            _ = try await connection.readResponse(toHEAD: true)
            // The client reads nothing more for three times the write timeout.
            try await Task.sleep(for: .seconds(1))
            let (ending, rest) = await connection.readToEnd()
            #expect(ending != .stillOpen)
            #expect(!String(decoding: rest, as: UTF8.self).hasSuffix("0\r\n\r\n"), "the export was cut off")
        }
    }

    /// Nor does it keep the server from stopping: on shutdown its answer waits the close grace.
    @Test(.timeLimit(.minutes(3)))
    func theServerStopsWhileAClientTakesNothingOfItsAnswer() async throws {
        let server = try await Self.startServer(ConnectionLimits(closeGrace: .milliseconds(200)))
        try await server.feed.store.insert((0..<2_000).map { NewFriend(firstname: "Friend \($0)", lastname: "") })
        let connection = try RawHTTPConnection(port: try #require(server.url.port), receiveBuffer: 4_096)
        try await connection.send("GET /friends HTTP/1.1\r\nHost: localhost\r\nAccept: text/vcard\r\n\r\n")
        _ = try await connection.readResponse(toHEAD: true)
        try await server.shutdown()
        connection.close()
    }

    /// A client waiting for `100 Continue` behind another request is told to go on once its turn comes.
    @Test func aClientWaitingForContinueBehindAnotherRequestIsToldToGoOn() async throws {
        try await Self.withServer { _, port in
            let connection = try RawHTTPConnection(port: port)
            let body = #"{"firstname": "Patient"}"#
            try await connection.send(
                Self.healthRequest + "POST /friends HTTP/1.1\r\n\(Self.jsonHeaders)Content-Length: \(body.utf8.count)\r\nExpect: 100-continue\r\n\r\n"
            )
            #expect(try await connection.readResponse().status == 200)
            #expect(try await connection.readResponse().statusLine == "HTTP/1.1 100 Continue")
            try await connection.send(body)
            #expect(try await connection.readResponse().status == 201)
        }
    }

    @Test func aClientThatWaitsForContinueIsToldToGoOn() async throws {
        try await Self.withServer { _, port in
            let connection = try RawHTTPConnection(port: port)
            let body = #"{"firstname": "Patient"}"#
            try await connection.send(
                "POST /friends HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(body.utf8.count)\r\nExpect: 100-continue\r\n\r\n"
            )
            let goOn = try await connection.readResponse()
            #expect(goOn.statusLine == "HTTP/1.1 100 Continue")
            try await connection.send(body)
            let created = try await connection.readResponse()
            #expect(created.status == 201)
            #expect(try await Self.friendCount(port: port) == 1)
        }
    }

    @Test func headOfAStreamedExportSaysWhatGETSaysNotThatTheBodyIsEmpty() async throws {
        try await Self.withServer { server, port in
            _ = try await server.send("POST", "friends", json: #"{"firstname": "Ada", "lastname": "Lovelace"}"#)
            let connection = try RawHTTPConnection(port: port)
            try await connection.send(
                "HEAD /friends HTTP/1.1\r\nHost: localhost\r\nAccept: text/vcard\r\n\r\n"
                    + "GET /friends/1 HTTP/1.1\r\nHost: localhost\r\n\r\n"
            )
            let head = try await connection.readResponse(toHEAD: true)
            #expect(head.status == 200)
            #expect(head.header("Content-Type")?.hasPrefix("text/vcard") == true)
            #expect(head.header("Content-Length") == nil, "the export's length is not known before it is written")
            #expect(head.header("Transfer-Encoding") == "chunked", "as GET's answer is framed")
            let friend = try await connection.readResponse()
            #expect(friend.status == 200, "no body came after the head")
        }
    }

    @Test func slowHeadersGet408AndTheConnectionCloses() async throws {
        try await Self.withServer(ConnectionLimits(headerTimeout: .milliseconds(200))) { _, port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("GET /health HTTP/1.1\r\nHost: loc")
            try Self.expectEnvelope(try await connection.readResponse(), status: 408)
            #expect(await connection.readToEnd().ending == .closed)
        }
    }

    /// The header timer runs from accept: a connection that never sends a byte is answered and
    /// closed as soon as a slow one, not kept until the idle timeout.
    @Test func aSilentConnectionGets408AtTheHeaderTimeout() async throws {
        try await Self.withServer(ConnectionLimits(headerTimeout: .milliseconds(200), idleTimeout: .seconds(60))) { _, port in
            let connection = try RawHTTPConnection(port: port)
            try Self.expectEnvelope(try await connection.readResponse(), status: 408)
            #expect(await connection.readToEnd().ending == .closed)
        }
    }

    /// Connections that say nothing cannot take the slots real requests need: past the limit of
    /// silent connections, the one silent longest is closed (without an answer: it asked nothing).
    @Test func silentConnectionsGiveWayToRequests() async throws {
        let limits = ConnectionLimits(
            headerTimeout: .seconds(60), maximumConnections: 3, maximumSilentConnections: 2,
            silencePatience: .milliseconds(100), closeGrace: .milliseconds(100)
        )
        try await Self.withServer(limits) { _, port in
            // Five silent connections would fill the three slots; which of them are closed depends
            // on the order the event loops accept them in, so the test asks what a person sees.
            let silent = try (0..<5).map { _ in try RawHTTPConnection(port: port) }
            let request = try RawHTTPConnection(port: port)
            try await request.send("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try await request.readResponse().status == 200)
            for connection in silent { connection.close() }
        }
    }

    /// Clients that connect all at once (live-feed subscribers after a restart) are accepted before
    /// any of their requests is read; while they have been silent for less than the patience,
    /// none of them is closed for it.
    @Test func aBurstOfClientsPastTheSilentLimitIsServed() async throws {
        let limits = ConnectionLimits(
            headerTimeout: .seconds(60), maximumConnections: 40, maximumSilentConnections: 2, silencePatience: .seconds(30)
        )
        try await Self.withServer(limits) { _, port in
            let burst = try (0..<20).map { _ in try RawHTTPConnection(port: port) }
            for connection in burst {
                try await connection.send("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n")
            }
            for connection in burst {
                #expect(try await connection.readResponse().status == 200)
                connection.close()
            }
        }
    }

    /// RFC 9112 §3.2.2: an origin server takes an absolute-form target, with the host it names in
    /// place of `Host`; the host check then sees that name.
    @Test func anAbsoluteFormTargetIsServedWithItsHostChecked() async throws {
        try await Self.withServer { _, port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("GET HTTP://127.0.0.1:\(port)/listFriends HTTP/1.1\r\nHost: evil.example\r\n\r\n")
            let served = try await connection.readResponse()
            #expect(served.status == 200)
            #expect(served.text.hasPrefix("["))
            try await connection.send("GET http://LOCALHOST:\(port)/health HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try await connection.readResponse().status == 200)
            try await connection.send("GET http://evil.example/listFriends HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            try Self.expectEnvelope(try await connection.readResponse(), status: 421)
        }
    }

    /// `OPTIONS *` asks what the server as a whole can do (RFC 9110 §9.3.7): it is answered as
    /// `OPTIONS /` (a CardDAV server's `DAV` and `Allow`), not `404`; `*` with any other method is refused.
    @Test func optionsAsteriskIsAnsweredForTheWholeServer() async throws {
        try await Self.withServer { _, port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("OPTIONS * HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let answer = try await connection.readResponse()
            #expect(answer.status == 200)
            #expect(answer.header("DAV")?.contains("addressbook") == true)
            try await connection.send("GET * HTTP/1.1\r\nHost: localhost\r\n\r\n")
            try Self.expectEnvelope(try await connection.readResponse(), status: 400)
        }
    }

    /// A target that is neither a path nor an http URL, or that holds a fragment (which no request
    /// target does: `/health#top` was served as the path `/health#top`, a 404), is refused saying so.
    @Test(arguments: [
        ("GET ftp://127.0.0.1/listFriends HTTP/1.1", "must be a path"),
        ("GET http://user@127.0.0.1/listFriends HTTP/1.1", "must be a path"), ("GET http:///listFriends HTTP/1.1", "must be a path"),
        ("GET /health#top HTTP/1.1", "cannot hold a fragment"), ("GET http://127.0.0.1/health#top HTTP/1.1", "cannot hold a fragment"),
    ])
    func aTargetThatIsNoPathNorHTTPURLOrHoldsAFragmentIsRefusedSayingSo(requestLine: String, saying words: String) async throws {
        try await Self.withServer { _, port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("\(requestLine)\r\nHost: 127.0.0.1\r\n\r\n")
            let response = try await connection.readResponse()
            try Self.expectEnvelope(response, status: 400)
            #expect(response.text.contains(words))
            #expect(await connection.readToEnd().ending == .closed)
        }
    }

    @Test func aSlowBodyGets408WritesNothingAndTheConnectionCloses() async throws {
        try await Self.withServer(ConnectionLimits(bodyTimeout: .milliseconds(200))) { _, port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("POST /friends HTTP/1.1\r\n\(Self.jsonHeaders)Content-Length: 60\r\n\r\n{\"firstname\": \"Ada\",")
            let response = try await connection.readResponse()
            try Self.expectEnvelope(response, status: 408)
            #expect(response.header("Connection") == "close")
            #expect(await connection.readToEnd().ending == .closed)
            #expect(try await Self.friendCount(port: port) == 0)
        }
    }

    @Test func anIdleKeepAliveConnectionIsClosedInOrder() async throws {
        try await Self.withServer(ConnectionLimits(idleTimeout: .milliseconds(200))) { _, port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try await connection.readResponse().status == 200)
            #expect(await connection.readToEnd().ending == .closed)
        }
    }

    /// A request answered before its body ended (a route that does not exist, a body too large) is
    /// read to its end; from there the connection is idle as after any answer, and the idle timeout
    /// closes it. It kept its slot for as long as the client kept it open.
    @Test(arguments: ["POST /nope HTTP/1.1", "POST /friends HTTP/1.1"])
    func aConnectionAnsweredBeforeItsBodyEndedIsClosedOnceIdle(requestLine: String) async throws {
        try await Self.withServer(ConnectionLimits(idleTimeout: .milliseconds(300))) { _, port in
            let connection = try RawHTTPConnection(port: port)
            let size = 20 << 20
            try await connection.send("\(requestLine)\r\n\(Self.jsonHeaders)Content-Length: \(size)\r\n\r\n")
            let answer = try await connection.readResponse()
            #expect(answer.status == 404 || answer.status == 413)
            try await connection.send(Data(repeating: 0x61, count: size))
            #expect(await connection.readToEnd().ending == .closed)
        }
    }

    /// `curl --http2` on http: asks to switch to h2c, which the server ignores (RFC 9110 7.8). The
    /// request is answered in HTTP/1.1 and the connection closes, so the next request goes on a
    /// new one instead of waiting for the header timeout on this one.
    @Test func aRequestAskingToUpgradeIsAnsweredAndTheConnectionCloses() async throws {
        try await Self.withServer { _, port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send("GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade, HTTP2-Settings\r\n"
                + "Upgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n\r\nGET /health HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let answer = try await connection.readResponse()
            #expect(answer.status == 200)
            #expect(answer.header("Connection") == "close")
            #expect(await connection.readToEnd().ending == .closed)
        }
    }

    @Test func connectionsBeyondTheCapWaitUntilOneCloses() async throws {
        try await Self.withServer(ConnectionLimits(idleTimeout: .milliseconds(300), maximumConnections: 1)) { _, port in
            let first = try RawHTTPConnection(port: port)
            try await first.send("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try await first.readResponse().status == 200)
            let second = try RawHTTPConnection(port: port)
            try await second.send("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try await second.readResponse().status == 200)
            // The first's end was sent before the second was let in: it is here already. (Two
            // clocks read on two client threads could not tell which came first.)
            #expect(first.hasEnded())
        }
    }

    @Test func shutdownFinishesTheRequestsInProgressAndClosesWithoutAReset() async throws {
        let server = try await Self.startServer()
        let port = try #require(server.url.port)
        let idle = try RawHTTPConnection(port: port)
        try await idle.send("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(try await idle.readResponse().status == 200)
        // One write: the server has read the POST's head once it answers the GET before it.
        let body = #"{"firstname": "Ada", "lastname": "Lovelace"}"#
        let busy = try RawHTTPConnection(port: port)
        try await busy.send(
            "GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n"
                + "POST /friends HTTP/1.1\r\n\(Self.jsonHeaders)Content-Length: \(body.utf8.count)\r\n\r\n\(body.prefix(10))"
        )
        #expect(try await busy.readResponse().status == 200)

        let shutdown = Task { try await server.shutdown() }
        #expect(await idle.readToEnd().ending == .closed)
        idle.close()
        // The rest of the body, and a request the client pipelined before it learned of the shutdown.
        try await busy.send("\(body.dropFirst(10))GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let created = try await busy.readResponse()
        #expect(created.status == 201)
        #expect(created.header("Connection") == nil, "a request is answered after it (RFC 9112 §9.6)")
        let last = try await busy.readResponse()
        #expect(last.status == 200)
        #expect(last.header("Connection") == "close")
        #expect(await busy.readToEnd().ending == .closed)
        busy.close()
        try await shutdown.value
    }

    /// A client that keeps fifty requests ahead of its answers, for ever, does not keep the server
    /// from stopping: what it sends within the close grace is answered, then the last answer says
    /// the connection closes.
    @Test(.timeLimit(.minutes(3)))
    func aClientThatPipelinesWithoutPauseDoesNotKeepTheServerFromStopping() async throws {
        let server = try await Self.startServer(ConnectionLimits(closeGrace: .milliseconds(200)))
        let connection = try RawHTTPConnection(port: try #require(server.url.port))
        // A request sent for every answer read: the server never runs out of requests.
        let (answers, answerRead) = AsyncStream<Void>.makeStream()
        let sending = Task {
            try await connection.send(String(repeating: Self.healthRequest, count: 50))
            for await _ in answers { try await connection.send(Self.healthRequest) }
        }
        #expect(try await connection.readResponse().status == 200)
        answerRead.yield()
        let shutdown = Task { try await server.shutdown() }
        // Until the server says it closes; the time limit fails a server that goes on answering.
        while true {
            let response = try await connection.readResponse()
            #expect(response.status == 200)
            if response.header("Connection") == "close" { break }
            answerRead.yield()
        }
        answerRead.finish()
        _ = await sending.result
        #expect(await connection.readToEnd().ending == .closed)
        connection.close()
        try await shutdown.value
    }

    /// A request whose head is still arriving a close grace after the server began to stop is not
    /// waited for until the header timeout: the connection closes, with nothing written.
    @Test func aHeadStillArrivingAfterTheGraceIsNotWaitedFor() async throws {
        let server = try await Self.startServer(ConnectionLimits(headerTimeout: .seconds(30), closeGrace: .milliseconds(200)))
        let connection = try RawHTTPConnection(port: try #require(server.url.port))
        // A first request answered: the server has taken the connection before it stops.
        try await connection.send(Self.healthRequest)
        #expect(try await connection.readResponse().status == 200)
        try await connection.send("GET /health HTTP/1.1\r\nHo")
        let shutdown = Task { try await server.shutdown() }
        let (ending, unread) = await connection.readToEnd()
        #expect(ending == .closed)
        #expect(unread.isEmpty, "\(String(decoding: unread, as: UTF8.self))")
        connection.close()
        try await shutdown.value
    }
}

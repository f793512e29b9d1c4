import HTTPServerKit
import TestSupport
import Testing

/// `Expect: 100-continue`: the client is told to go on once its body is read, so a body the route
/// refuses by its length alone is refused before the client sends it (RFC 9110 §10.1.1). Telling
/// it to go on first cost it the upload of a body thrown away unread.
struct ExpectContinueTests {
    /// A card too large for DAV gets RFC 6352's `max-resource-size`, a 403, which clients show
    /// as "the contact is too large".
    @Test(arguments: [
        ("POST /friends", "application/json", 413),
        ("POST /friends/import", "text/vcard", 413),
        ("PUT \(CardDAVRoutesTests.book)big.vcf", "text/vcard", 403),
    ])
    func aBodyLargerThanTheRouteTakesIsRefusedWithoutContinue(_ request: String, contentType: String, status: Int) async throws {
        try await ConnectionTests.withServer { _, port in
            let connection = try RawHTTPConnection(port: port)
            try await connection.send(
                "\(request) HTTP/1.1\r\nHost: localhost\r\nContent-Type: \(contentType)\r\n"
                    + "Content-Length: 1000000000\r\nExpect: 100-continue\r\n\r\n"
            )
            let refused = try await connection.readResponse()
            #expect(refused.status == status, "\(refused.statusLine)")
            #expect(refused.header("Connection") == "close", "the body may follow or not: nothing after it can be read")
            #expect(await connection.readToEnd().ending == .closed)
        }
    }

    /// Without a body there is nothing to wait for: no `100 Continue`, and the connection is kept.
    @Test func aRequestWithoutABodyIsAnsweredAsAnyOther() async throws {
        try await ConnectionTests.withServer { _, port in
            let connection = try RawHTTPConnection(port: port)
            for _ in 0..<2 {
                try await connection.send("GET /health HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\n\r\n")
                let health = try await connection.readResponse()
                #expect(health.status == 200, "\(health.statusLine)")
                #expect(health.header("Connection") == nil)
            }
        }
    }
}

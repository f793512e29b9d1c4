import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// JSON on the wire is UTF-8 (RFC 8259 §8.1): anything else is refused, with a message that says
/// so, before it is parsed.
struct JSONEncodingTests {
    static let ambiguousBodies = [
        #"{"firstname": "Ada", "firstname": "Eve", "lastname": "Lovelace"}"#,
        #"{"firstname": "Ada", "lastname": "Lovelace",}"#,
        #"{"firstname": "Ada", "lastname": "Lovelace"}"#,
    ]

    static let encodings: [(name: String, encoding: String.Encoding, byteOrderMark: [UInt8])] = [
        ("UTF-16LE", .utf16LittleEndian, []), ("UTF-16BE", .utf16BigEndian, []),
        ("UTF-16LE with BOM", .utf16LittleEndian, [0xFF, 0xFE]), ("UTF-16BE with BOM", .utf16BigEndian, [0xFE, 0xFF]),
        ("UTF-32LE", .utf32LittleEndian, []), ("UTF-32BE with BOM", .utf32BigEndian, [0x00, 0x00, 0xFE, 0xFF]),
    ]

    @Test(arguments: ambiguousBodies)
    func aBodyInUTF16Or32IsRefusedAndWritesNothing(body: String) async throws {
        try await TestApp.run { client, store in
            for (name, encoding, byteOrderMark) in Self.encodings {
                let bytes = byteOrderMark + Array(try #require(body.data(using: encoding)))
                for path in ["/friends", "/addFriend"] {
                    let response = try await client.send(.post, path, bytes: bytes)
                    #expect(response.status == .badRequest, "\(name) \(path)")
                    #expect(try response.envelope.message.contains("UTF-8"), "\(name) \(path)")
                }
            }
            #expect(try await store.all().isEmpty)
        }
    }

    @Test(arguments: ["application/json; charset=utf-16", "application/json;charset=\"UTF-32\"", "application/json; charset=latin1"])
    func aCharsetOtherThanUTF8Gets415(contentType: String) async throws {
        try await TestApp.run { client, store in
            let response = try await client.send(
                .post, "/friends", json: Self.ambiguousBodies[2], headers: [.contentType: contentType]
            )
            #expect(response.status == .unsupportedMediaType)
            #expect(try response.envelope.message.contains("UTF-8"))
            #expect(try await store.all().isEmpty)
        }
    }

    @Test(arguments: ["application/json; charset=utf-8", "application/json;charset=\"UTF-8\"", "application/json"])
    func utf8WithOrWithoutItsCharsetIsServed(contentType: String) async throws {
        try await TestApp.run { client, _ in
            let response = try await client.send(
                .post, "/friends", json: Self.ambiguousBodies[2], headers: [.contentType: contentType]
            )
            #expect(response.status == .created)
        }
    }
}

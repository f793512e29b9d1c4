import Foundation
import Testing
@testable import WebUI

/// Forms with files as browsers send them, and the malformed ones a server must refuse.
struct MultipartFormTests {
    static func body(_ boundary: String, preamble: String = "") -> [UInt8] {
        Array("""
            \(preamble)--\(boundary)\r
            Content-Disposition: form-data; name="_csrf"\r
            \r
            token\r
            --\(boundary)\r
            content-disposition: form-data; name="file"; filename="my \\"best\\" friends.vcf"\r
            Content-Type: text/vcard\r
            \r
            BEGIN:VCARD\r
            \r
            END:VCARD\r
            --\(boundary)--\r

            """.utf8)
    }

    @Test func fieldsAndFilesAreRead() throws {
        let fields = try MultipartForm.parse(Self.body("XyZ"), boundary: "XyZ")
        #expect(fields["_csrf"] == "token")
        let file = try #require(fields.file(named: "file"))
        #expect(file.filename == #"my "best" friends.vcf"#)
        #expect(file.contentType == "text/vcard")
        #expect(file.data == Data("BEGIN:VCARD\r\n\r\nEND:VCARD".utf8))
        // A preamble before the first boundary is allowed.
        #expect(try MultipartForm.parse(Self.body("XyZ", preamble: "ignored\r\n"), boundary: "XyZ") == fields)
    }

    @Test(arguments: [
        ("multipart/form-data; boundary=abc", "abc"), (#"Multipart/Form-Data; charset=utf-8; Boundary="a b:c""#, "a b:c"),
    ])
    func theBoundaryComesFromTheContentType(_ contentType: String, _ boundary: String) throws {
        #expect(try MultipartForm.boundary(inContentType: contentType) == boundary)
    }

    @Test func otherTypesHaveNoBoundaryAndBrokenOnesAreRefused() {
        #expect((try? MultipartForm.boundary(inContentType: "application/x-www-form-urlencoded")) == .some(nil))
        #expect((try? MultipartForm.boundary(inContentType: nil)) == .some(nil))
        for broken in ["multipart/form-data", "multipart/form-data; boundary=", "multipart/form-data; boundary=\(String(repeating: "a", count: 71))",
                       "multipart/form-data; boundary=a\u{0}b"] {
            #expect(throws: MultipartForm.Failure.self, "\(broken)") { try MultipartForm.boundary(inContentType: broken) }
        }
    }

    @Test func malformedBodiesAreRefusedNeverCrash() {
        let good = Self.body("XyZ")
        var bodies: [[UInt8]] = [[], Array("--XyZ".utf8), Array("--XyZ\r\n".utf8), Array("garbage".utf8),
                                 Array("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nno end".utf8),
                                 Array("--XyZ\r\nContent-Type: text/plain\r\n\r\nx\r\n--XyZ--".utf8),
                                 Array("--XyZ\r\nbroken header\r\n\r\nx\r\n--XyZ--".utf8)]
        // Every cut of a good body short of its last boundary.
        for length in stride(from: 0, to: good.count - 4, by: 3) { bodies.append(Array(good.prefix(length))) }
        for body in bodies {
            #expect(throws: MultipartForm.Failure.self, "\(String(decoding: body, as: UTF8.self))") {
                try MultipartForm.parse(body, boundary: "XyZ")
            }
        }
    }
}

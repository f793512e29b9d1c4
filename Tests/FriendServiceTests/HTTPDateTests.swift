import Foundation
import Testing

@testable import HTTPServerKit

struct HTTPDateTests {
    @Test func aTimeIsWrittenAsHTTPsDateHeaderWritesIt() {
        #expect(HTTPDate.text(of: Date(timeIntervalSince1970: 784_111_777)) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.text(of: Date(timeIntervalSince1970: 1_795_000_000.9)) == "Wed, 18 Nov 2026 11:06:40 GMT")
    }
}

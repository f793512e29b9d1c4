import Foundation
@testable import CardDAV

actor CollectingWriter: DAVBodyWriter {
    var bytes: [UInt8] = []
    var writes = 0
    func write(_ chunk: [UInt8]) async throws {
        bytes += chunk
        writes += 1
    }
}

struct Answer {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]
    var writes: Int

    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The body read back as XML.
    var xml: DAVXMLElement? { try? XMLReader(maxBytes: 1 << 30, maxDepth: 64).read(body) }

    /// The `D:response` elements of a multistatus, in order, by href.
    var responses: [(href: String, element: DAVXMLElement)] {
        (xml?.children(.dav("response")) ?? []).map { ($0.child(.dav("href"))?.text ?? "", $0) }
    }

    func response(_ href: String) -> DAVXMLElement? {
        responses.first { $0.href == href }?.element
    }
}

extension DAVXMLElement {
    /// The statuses of the propstats, in order.
    var propstatStatuses: [String] { children(.dav("propstat")).compactMap { $0.child(.dav("status"))?.text } }

    /// A property found with 200 in a response.
    func found(_ name: XMLName) -> DAVXMLElement? {
        for propstat in children(.dav("propstat")) where propstat.child(.dav("status"))?.text.contains(" 200 ") == true {
            if let value = propstat.child(.dav("prop"))?.child(name) { return value }
        }
        return nil
    }

    func missing(_ name: XMLName) -> Bool {
        children(.dav("propstat")).contains { propstat in
            propstat.child(.dav("status"))?.text.contains(" 404 ") == true && propstat.child(.dav("prop"))?.child(name) != nil
        }
    }

    var status: String? { child(.dav("status"))?.text }
}

let principal = "friends"
let book = "/dav/addressbooks/friends/friends/"

func vcard(_ uid: String, fn: String, email: String? = nil, tel: String? = nil) -> String {
    var lines = ["BEGIN:VCARD", "VERSION:3.0", "UID:\(uid)", "FN:\(fn)", "N:\(fn);;;;"]
    if let email { lines.append("EMAIL;TYPE=INTERNET:\(email)") }
    if let tel { lines.append("TEL;TYPE=CELL:\(tel)") }
    lines.append("END:VCARD")
    return lines.joined(separator: "\r\n") + "\r\n"
}

func send(
    _ method: String, _ path: String, headers: [(name: String, value: String)] = [], body: String = "",
    backend: InMemoryBackend, configuration: CardDAVConfiguration = CardDAVConfiguration()
) async -> Answer {
    await send(method, path, headers: headers, bytes: Array(body.utf8), backend: backend, configuration: configuration)
}

func send(
    _ method: String, _ path: String, headers: [(name: String, value: String)] = [], bytes: [UInt8],
    backend: InMemoryBackend, configuration: CardDAVConfiguration = CardDAVConfiguration()
) async -> Answer {
    let handler = CardDAVHandler(configuration: configuration)
    let response = await handler.handle(DAVRequest(method: method, path: path, headers: headers, body: bytes),
                                        principal: principal, backend: backend)
    switch response.body {
    case .empty:
        return Answer(status: response.status, headers: response.headers, body: [], writes: 0)
    case .bytes(let bytes):
        return Answer(status: response.status, headers: response.headers, body: bytes, writes: 1)
    case .stream(let produce):
        let writer = CollectingWriter()
        do { try await produce(writer) } catch { Issue.record("stream failed: \(error)") }
        return Answer(status: response.status, headers: response.headers, body: await writer.bytes,
                      writes: await writer.writes)
    }
}

import Testing

import Foundation
import FriendsAPI
import Testing
@testable import FriendsClient
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Friends as vCards: what export and import send, and what they make of the answer.
@Suite(.timeLimit(.minutes(3))) struct AppServerClientCardsTests {
    func client(_ transport: FakeTransport) -> AppServerClient {
        AppServerClient(baseURL: URL(string: "http://127.0.0.1:8080")!, transport: transport)
    }

    @Test func exportAsksForEveryFriendAsVCards() async throws {
        let file = Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nEND:VCARD\r\n".utf8)
        let transport = FakeTransport(.response(status: 200, headers: ["Content-Type": "text/vcard"], body: file))

        #expect(try await client(transport).exportCards() == file)
        let request = try #require(await transport.lastRequest)
        #expect(request.httpMethod == "GET")
        #expect(request.url?.absoluteString == "http://127.0.0.1:8080/friends")
        #expect(request.value(forHTTPHeaderField: "Accept") == "text/vcard")
    }

    @Test(arguments: CardFileVersion.allCases)
    func exportInOneVersionNamesItAndChecksTheAnswerIsInIt(version: CardFileVersion) async throws {
        let file = Data("BEGIN:VCARD\r\nVERSION:\(version.rawValue)\r\nFN:Ada\r\nEND:VCARD\r\n".utf8)
        let written = FakeTransport(.response(status: 200, headers: ["Content-Type": "text/vcard; charset=utf-8; version=\(version.rawValue)"], body: file))
        #expect(try await client(written).exportCards(in: version) == file)
        #expect(await written.lastRequest?.value(forHTTPHeaderField: "Accept") == "text/vcard; version=\(version.rawValue)")

        // A FriendService from before versions were asked for gives each card as it came.
        let asKept = FakeTransport(.response(status: 200, headers: ["Content-Type": "text/vcard; charset=utf-8"], body: file))
        await #expect(throws: AppServerError.undecodable) { try await client(asKept).exportCards(in: version) }
    }

    @Test func importSendsTheFileAsVCardsAndReadsTheReport() async throws {
        let transport = FakeTransport(.json(#"""
            {"created":2,"updated":1,"unchanged":0,"failed":[{"index":4,"name":"Grace Hopper","reason":"The card ends without END:VCARD."}]}
            """#))
        let file = Data("BEGIN:VCARD\r\n".utf8)

        let report = try await client(transport).importCards(file)

        #expect(report == ImportReport(created: 2, updated: 1, unchanged: 0, failed: [
            ImportReport.Failure(index: 4, name: "Grace Hopper", reason: "The card ends without END:VCARD."),
        ]))
        let request = try #require(await transport.lastRequest)
        #expect(request.httpMethod == "POST")
        #expect(request.url?.absoluteString == "http://127.0.0.1:8080/friends/import")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "text/vcard")
        #expect(request.httpBody == file)
    }

    @Test func aRefusedFileIsTheServersReason() async throws {
        let transport = FakeTransport(.json(#"{"error":{"message":"The body holds no vCard."}}"#, status: 400))
        await #expect(throws: AppServerError.self) { try await client(transport).importCards(Data("hello".utf8)) }
    }
}

import Foundation
import FriendsAPI
import Testing
@testable import FriendsClient
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every way a request can fail, mapped to one `AppServerError`, checked against a fake transport.
@Suite(.timeLimit(.minutes(3))) struct AppServerClientFailureTests {
    static let fieldsJSON = #"{"error":{"message":"Some fields are not valid.","fields":{"firstname":"First name is required."}}}"#

    func failure(of answer: FakeTransport.Answer) async -> AppServerError? {
        let client = AppServerClient(baseURL: URL(string: "http://127.0.0.1:1")!, transport: FakeTransport(answer))
        do {
            _ = try await client.friend(id: 1)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        (FakeTransport.Answer.json(#"{"error":{"message":"A valid bearer token is required.","fields":{}}}"#, status: 401), AppServerError.unauthorized),
        (.json(#"{"error":{"message":"No friend has the id 1.","fields":{"id":"No friend has this id."}}}"#, status: 404), .notFound),
        (.json(#"{"error":{"message":"Stale.","fields":{}}}"#, status: 412), .conflict),
        (.json(fieldsJSON, status: 400), .invalid(message: "Some fields are not valid.", fields: ["firstname": "First name is required."])),
        (.json(fieldsJSON, status: 422), .invalid(message: "Some fields are not valid.", fields: ["firstname": "First name is required."])),
        (.json(#"{"error":{"message":"Too large."}}"#, status: 413), .invalid(message: "Too large.", fields: [:])),
        (.response(status: 400, body: Data("not json".utf8)), .invalid(message: "The request was not accepted.", fields: [:])),
        (.json(#"{"error":{"message":"The database is not available; try again later.","fields":{}}}"#, status: 503),
         .server(status: 503, message: "The database is not available; try again later.")),
        (.response(status: 500), .server(status: 500, message: nil)),
        (.json(#"{"error":{"message":"Too many failed sign-ins: try again in 7 s.","fields":{}}}"#, status: 429, headers: ["Retry-After": "7"]),
         .throttled(message: "Too many failed sign-ins: try again in 7 s.", retryAfter: 7)),
        (.response(status: 429), .throttled(message: nil, retryAfter: nil)),
        (.response(status: 429, headers: ["Retry-After": "Wed, 21 Oct 2026 07:28:00 GMT"]), .throttled(message: nil, retryAfter: nil)),
        (.response(status: 429, headers: ["Retry-After": "-3"]), .throttled(message: nil, retryAfter: nil)),
        (.response(status: 304), .server(status: 304, message: nil)),
        (.json(#"{"id":"one"}"#), .undecodable),
        (.response(status: 200), .undecodable),
    ])
    func aResponseThatIsNotTheFriendSaysWhy(answer: FakeTransport.Answer, expected: AppServerError) async {
        #expect(await failure(of: answer) == expected)
    }

    @Test(arguments: [
        (URLError(.timedOut) as any Error, AppServerError.timedOut),
        (URLError(.cannotConnectToHost), .unreachable),
        (URLError(.notConnectedToInternet), .unreachable),
        (URLError(.networkConnectionLost), .unreachable),
        (URLError(.cannotFindHost), .unreachable),
        (URLError(.cancelled), .cancelled),
        (CancellationError(), .cancelled),
        (URLError(.badServerResponse), .unreachable),
    ])
    func noResponseIsUnreachableTimedOutOrCancelled(error: any Error, expected: AppServerError) async {
        #expect(await failure(of: .error(error)) == expected)
    }
}

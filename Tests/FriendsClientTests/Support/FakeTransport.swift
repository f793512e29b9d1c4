import Foundation
import FriendsClient
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers every request with one scripted response (or error) and records what was sent.
actor FakeTransport: HTTPTransport {
    enum Answer: Sendable {
        case response(status: Int, headers: [String: String] = [:], body: Data = Data())
        case error(any Error)
    }

    private(set) var requests: [URLRequest] = []
    private var answer: Answer

    init(_ answer: Answer = .response(status: 204)) {
        self.answer = answer
    }

    func answer(with answer: Answer) {
        self.answer = answer
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        requests.append(request)
        switch answer {
        case .error(let error):
            throw error
        case .response(let status, let headers, let body):
            let url = request.url ?? URL(string: "http://127.0.0.1")!
            let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
            return (body, response)
        }
    }

    var lastRequest: URLRequest? { requests.last }
}

extension FakeTransport.Answer {
    static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Self {
        .response(status: status, headers: headers.merging(["Content-Type": "application/json"]) { old, _ in old }, body: Data(text.utf8))
    }
}

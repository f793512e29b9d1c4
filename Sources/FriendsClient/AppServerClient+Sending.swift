import Foundation
import FriendsAPI
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension AppServerClient {
    enum Method: String {
        case get = "GET", post = "POST", patch = "PATCH", delete = "DELETE"
    }

    /// Sends one request; returns only for a 2xx response, otherwise throws what the status means.
    func send(
        _ method: Method,
        _ path: String,
        query: [URLQueryItem] = [],
        body: Data? = nil,
        contentType: String = "application/json",
        ifMatch eTag: String? = nil,
        accept: String = "application/json"
    ) async throws(AppServerError) -> (Data, HTTPURLResponse) {
        let request = makeRequest(method, path, query: query, body: body, contentType: contentType, ifMatch: eTag, accept: accept)
        let data: Data
        let response: HTTPURLResponse
        do {
            (data, response) = try await transport.send(request)
        } catch {
            throw AppServerError(transportError: error)
        }
        guard (200..<300).contains(response.statusCode) else {
            throw AppServerError(
                status: response.statusCode, body: data, retryAfter: response.value(forHTTPHeaderField: FriendsHTTPHeader.retryAfter)
            )
        }
        return (data, response)
    }

    func makeRequest(
        _ method: Method,
        _ path: String,
        query: [URLQueryItem],
        body: Data?,
        contentType: String = "application/json",
        ifMatch eTag: String?,
        accept: String
    ) -> URLRequest {
        // The server is the authority (tags, 412s); images have their own cache in `ImageLoader`.
        var request = URLRequest(
            url: url(path: path, query: query), cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout
        )
        request.httpMethod = method.rawValue
        request.setValue(accept, forHTTPHeaderField: "Accept")
        if let credentials {
            request.setValue(credentials.authorization, forHTTPHeaderField: FriendsHTTPHeader.authorization)
        }
        if let eTag {
            request.setValue(eTag, forHTTPHeaderField: FriendsHTTPHeader.ifMatch)
        }
        if let body {
            request.httpBody = body
            request.setValue(contentType, forHTTPHeaderField: FriendsHTTPHeader.contentType)
        }
        return request
    }

    /// `baseURL` with `path` appended to its own path and `query` strictly percent-encoded
    /// (so a `+` in a search or cursor stays a plus rather than becoming a space).
    func url(path: String, query: [URLQueryItem]) -> URL {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else { return baseURL }
        let basePath = components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast())
            : components.percentEncodedPath
        components.percentEncodedPath = basePath + path
        components.percentEncodedQuery = query.isEmpty ? nil : query.map { item in
            "\(Self.percentEncoded(item.name))=\(Self.percentEncoded(item.value ?? ""))"
        }.joined(separator: "&")
        return components.url ?? baseURL
    }

    private static let unreserved = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(AppServerError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw .undecodable
        }
    }

    func encode(_ value: some Encodable) throws(AppServerError) -> Data {
        do {
            return try JSONEncoder().encode(value)
        } catch {
            throw .invalid(message: "The request could not be encoded.", fields: [:])
        }
    }
}

extension HTTPURLResponse {
    var eTag: String? {
        value(forHTTPHeaderField: FriendsHTTPHeader.eTag)
    }
}

import Foundation
import FriendsAPI
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension AppServerError {
    /// The failure a response with a non-success `status` stands for, with the envelope's details
    /// and the wait its `Retry-After` asks for.
    init(status: Int, body: Data, retryAfter: String? = nil) {
        let envelope = try? JSONDecoder().decode(ErrorEnvelope.self, from: body)
        switch status {
        case 401: self = .unauthorized
        case 404: self = .notFound
        case 412: self = .conflict
        case 400, 413, 422:
            self = .invalid(message: envelope?.message ?? "The request was not accepted.", fields: envelope?.fields ?? [:])
        case 429: self = .throttled(message: envelope?.message, retryAfter: Self.seconds(inRetryAfter: retryAfter))
        default: self = .server(status: status, message: envelope?.message)
        }
    }

    /// The seconds a `Retry-After` value gives; `nil` for none, and for an HTTP date, which
    /// FriendService never sends.
    static func seconds(inRetryAfter value: String?) -> Int? {
        guard let text = value?.trimmingCharacters(in: .whitespaces), let seconds = Int(text), seconds >= 0 else { return nil }
        return seconds
    }

    /// The failure an error thrown by the transport stands for: no response arrived.
    init(transportError error: any Error) {
        if error is CancellationError {
            self = .cancelled
            return
        }
        guard let urlError = error as? URLError else {
            self = .unreachable
            return
        }
        switch urlError.code {
        case .cancelled: self = .cancelled
        case .timedOut: self = .timedOut
        default: self = .unreachable
        }
    }
}

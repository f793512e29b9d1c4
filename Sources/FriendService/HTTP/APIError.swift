import Foundation
import FriendStorage
import FriendsAPI
import HTTPTypes
import Hummingbird
import VCard

/// An error response in the one JSON envelope of `ErrorEnvelope`.
public struct APIError: Error, HTTPResponseError, Equatable {
    public var status: HTTPResponse.Status
    public var envelope: ErrorEnvelope
    public var headers: HTTPFields

    public init(_ status: HTTPResponse.Status, _ message: String, fields: [String: String] = [:], headers: HTTPFields = [:]) {
        self.status = status
        self.envelope = ErrorEnvelope(message: message, fields: fields)
        self.headers = headers
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        JSONResponse.make(envelope, status: status, headers: headers)
    }
}

extension APIError {
    static func invalidFields(_ fields: [String: String]) -> APIError {
        APIError(.badRequest, "Some fields are not valid.", fields: fields)
    }

    static func friendNotFound(id: Int) -> APIError {
        APIError(.notFound, "No friend has the id \(id).", fields: ["id": "No friend has this id."])
    }

    /// The change would take the friend's card past what any reader of cards takes.
    static func cardBeyondLimits(_ refusal: CardBeyondLimits) -> APIError {
        let why = switch refusal.reason {
        case .tooManyProperties(let limit): "have more than \(limit) properties"
        default: "be larger than \(VCardLimits.maximumCardSize >> 20) MiB"
        }
        return APIError(
            .badRequest,
            "Friend \(refusal.id) cannot take this change: its card would \(why), more than FriendService or a contact app reads. Remove something from it first."
        )
    }

    static func stale(id: Int) -> APIError {
        APIError(
            .preconditionFailed,
            "Friend \(id) was changed by someone else; load it again and retry.",
            fields: ["If-Match": "Does not match the current ETag."]
        )
    }

    /// `If-None-Match` named the version stored now (or `*`, any): the change is not made.
    static func alreadyMatching(id: Int) -> APIError {
        APIError(
            .preconditionFailed,
            "Friend \(id) is in a version If-None-Match names, so it was not changed.",
            fields: ["If-None-Match": "Matches the current ETag."]
        )
    }

    static var unauthorized: APIError {
        var headers = HTTPFields()
        headers[.wwwAuthenticate] = "Bearer"
        return APIError(.unauthorized, "A valid bearer token is required.", headers: headers)
    }

    /// The challenge that makes contact apps ask for a name and password. `charset` tells them to
    /// send both as UTF-8 (RFC 7617), so that a password with accents means the same everywhere.
    static let basicChallenge = #"Basic realm="Friends", charset="UTF-8""#

    /// For CardDAV: contact apps prompt for a user name and password on a Basic challenge. (Only
    /// there: URLSession on Linux gives up on a REST request that meets a Basic challenge.)
    static var unauthorizedContactApp: APIError {
        var headers = HTTPFields()
        headers.append(HTTPField(name: .wwwAuthenticate, value: basicChallenge))
        headers.append(HTTPField(name: .wwwAuthenticate, value: "Bearer"))
        return APIError(.unauthorized, "Sign in with any user name and the server's token as password.", headers: headers)
    }

    static var routeNotFound: APIError {
        APIError(.notFound, "There is no such route.")
    }

    static func methodNotAllowed(allowed: [HTTPRequest.Method]) -> APIError {
        var headers = HTTPFields()
        headers[.allow] = allowed.map(\.rawValue).sorted().joined(separator: ", ")
        return APIError(.methodNotAllowed, "This route does not accept that method.", headers: headers)
    }

    static func bodyTooLarge(limit: Int) -> APIError {
        APIError(.contentTooLarge, "The request body is larger than \(limit) bytes.")
    }

    static var unsupportedMediaType: APIError {
        APIError(
            .unsupportedMediaType, "Send the body as JSON, with Content-Type: application/json.",
            fields: ["Content-Type": "Must be application/json."]
        )
    }

    /// The database is down or too slow: try again in a second (the store fails fast meanwhile
    /// and serves again as soon as the database is back).
    static var storageUnavailable: APIError {
        var headers = HTTPFields()
        headers[.retryAfter] = "1"
        return APIError(.serviceUnavailable, "The database is not available; try again later.", headers: headers)
    }

    /// The database answers, but had no room for this request in time: every connection busy, or
    /// a lock or statement timeout.
    static var storageBusy: APIError {
        var headers = HTTPFields()
        headers[.retryAfter] = "1"
        return APIError(.serviceUnavailable, "The database is busy; try again in a moment.", headers: headers)
    }

    /// The disk holding the database is full: writes fail until space is freed; reads go on.
    static func diskFull(file: String) -> APIError {
        APIError(
            HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"),
            "The disk holding \(file) is full; free space and try again."
        )
    }

    /// A failure nobody foresaw (a bug): the server logged it with its cause.
    static var internalFailure: APIError {
        APIError(.internalServerError, "The server failed to answer this request; the failure is logged.")
    }
}

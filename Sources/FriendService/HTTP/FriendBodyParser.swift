import Foundation
import FriendsAPI
import HTTPServerKit
import Hummingbird

/// Turns a request body into a validated, trimmed `NewFriend` or `FriendUpdate`, or an `APIError`
/// that names every failed field: wrong types, missing names, unknown keys and rule violations at once.
struct FriendBodyParser {
    var maximumBodySize: Int

    /// Every field may be left out, but a friend needs a first name, a last name or an organization.
    func newFriend(from request: Request) async throws -> NewFriend {
        let object = try await jsonObject(from: request)
        var (update, failures) = Self.update(from: object)
        for field in FriendField.allCases where update.value(of: field) == nil { update.set(field, to: "") }
        var fields = NewFriend(
            firstname: update.firstname ?? "", lastname: update.lastname ?? "", phonenumber: update.phonenumber ?? "",
            email: update.email ?? "", about: update.about ?? "", organization: update.organization ?? "",
            phones: update.phones ?? [], emails: update.emails ?? [], addresses: update.addresses ?? [], birthday: update.birthday ?? ""
        )
        for (key, message) in FriendValidation.failures(of: fields) {
            failures[key] = failures[key] ?? message
        }
        guard failures.isEmpty else { throw APIError.invalidFields(failures) }
        // A list sent, even empty, is every number (or address): the single field beside it is
        // checked, then ignored, as in an update and as the OpenAPI document says.
        if update.phones != nil { fields.phonenumber = "" }
        if update.emails != nil { fields.email = "" }
        return fields.trimmed
    }

    /// Values the friend has already (`stored`, read only when a value breaks a rule) are not
    /// checked again: a card may bring more than the rules let a client write.
    func update(from request: Request, stored: () async throws -> Friend?) async throws -> FriendUpdate {
        let object = try await jsonObject(from: request)
        var (update, failures) = Self.update(from: object)
        var ruleFailures = FriendValidation.failures(of: update)
        if failures.isEmpty, !ruleFailures.isEmpty, let friend = try await stored() {
            ruleFailures = FriendValidation.failures(of: update, keeping: friend)
        }
        failures.merge(ruleFailures) { existing, _ in existing }
        guard failures.isEmpty else { throw APIError.invalidFields(failures) }
        return update.trimmed
    }

    /// The fields present in `object`, and a failure for each that has the wrong type or is unknown.
    private static func update(from object: [String: JSONValue]) -> (FriendUpdate, [String: String]) {
        var failures = unknownKeyFailures(object)
        var update = FriendUpdate()
        for field in FriendField.allCases {
            switch object[field.rawValue] {
            case nil:
                continue
            case .string(let value)?:
                update.set(field, to: value)
            case let other?:
                failures[field.rawValue] = "\(field.displayName) must be a string, not \(other.kindDescription)."
            }
        }
        if let value = object["phones"] {
            do { update.phones = try FriendJSONLists.labeledValues(value, noun: "phone number") } catch { failures["phones"] = error.message }
        }
        if let value = object["emails"] {
            do { update.emails = try FriendJSONLists.labeledValues(value, noun: "email address") } catch { failures["emails"] = error.message }
        }
        if let value = object["addresses"] {
            do { update.addresses = try FriendJSONLists.addresses(value) } catch { failures["addresses"] = error.message }
        }
        return (update, failures)
    }

    private func jsonObject(from request: Request) async throws -> [String: JSONValue] {
        guard Self.isJSON(request.headers[.contentType]) else {
            throw APIError.unsupportedMediaType
        }
        guard Self.isUTF8Charset(request.headers[.contentType]) else {
            throw APIError(.unsupportedMediaType, "Send JSON in UTF-8: charset=utf-8 or no charset at all.")
        }
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > maximumBodySize {
            throw APIError.bodyTooLarge(limit: maximumBodySize)
        }
        let buffer = try await body(of: request)
        guard buffer.readableBytes > 0 else {
            throw APIError(.badRequest, "The request body is empty; send a JSON object.")
        }
        guard StrictJSONParser.isUTF8(buffer.readableBytesView) else {
            throw APIError(.badRequest, "The request body is not UTF-8 text; JSON must be sent in UTF-8.")
        }
        let value: JSONValue
        do {
            value = try StrictJSONParser.parse(buffer)
        } catch StrictJSONParser.Failure.duplicateKey(let key) {
            throw APIError(.badRequest, "The request body names \(key) more than once.", fields: [key: "Given more than once."])
        } catch StrictJSONParser.Failure.tooDeep {
            throw APIError(.badRequest, "The request body nests arrays and objects more than \(StrictJSONParser.maximumDepth) deep.")
        } catch {
            throw APIError(.badRequest, "The request body is not valid JSON.")
        }
        guard case .object(let object) = value else {
            throw APIError(.badRequest, "The request body must be a JSON object, not \(value.kindDescription).")
        }
        return object
    }

    /// The body, or the client's error when it is too large, broken (bad chunk sizes or lengths) or too slow.
    /// A broken body is never the database's fault: it must not answer 503.
    private func body(of request: Request) async throws -> ByteBuffer {
        var request = request
        do {
            return try await request.collectBody(upTo: maximumBodySize)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw APIError.bodyTooLarge(limit: maximumBodySize)
        } catch is RequestReadTimeout {
            throw APIError(.requestTimeout, "The request body did not arrive in time.", headers: [.connection: "close"])
        } catch {
            throw APIError(.badRequest, "The request body could not be read: its framing is broken.", headers: [.connection: "close"])
        }
    }

    /// `application/json`, with or without parameters such as `charset=utf-8`.
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        if contentType == "application/json" { return true }  // what nearly every client sends
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return mediaType.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
    }

    /// No `charset` parameter, or `charset=utf-8` (quoted or not, in any case).
    static func isUTF8Charset(_ contentType: String?) -> Bool {
        guard let contentType else { return true }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "charset" else { continue }
            let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
            return value == "utf-8" || value == "utf8"
        }
        return true
    }

    /// What a client may echo back from a friend it read (`id`, `version`, `photo`, `uid`) is
    /// tolerated and ignored; anything else is a typo to report.
    private static func unknownKeyFailures(_ object: [String: JSONValue]) -> [String: String] {
        var failures: [String: String] = [:]
        for key in object.keys where FriendField(rawValue: key) == nil && !knownKeys.contains(key) {
            failures[key] = "Unknown field."
        }
        return failures
    }

    private static let knownKeys: Set<String> = ["id", "version", "photo", "uid", "phones", "emails", "addresses"]
}

import Foundation

/// The one shape of every error response:
/// `{"error": {"message": "...", "fields": {"firstname": "..."}}}`.
///
/// `fields` names every failed field by its wire name; it is `{}` when the error is not about fields.
public struct ErrorEnvelope: Codable, Sendable, Equatable, Error {
    public struct Detail: Codable, Sendable, Equatable {
        public var message: String
        public var fields: [String: String]

        public init(message: String, fields: [String: String] = [:]) {
            self.message = message
            self.fields = fields
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            message = try container.decode(String.self, forKey: .message)
            fields = try container.decodeIfPresent([String: String].self, forKey: .fields) ?? [:]
        }
    }

    public var error: Detail

    public init(message: String, fields: [String: String] = [:]) {
        self.error = Detail(message: message, fields: fields)
    }

    public var message: String { error.message }
    public var fields: [String: String] { error.fields }
}

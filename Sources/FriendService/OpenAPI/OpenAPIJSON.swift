/// A JSON object of the OpenAPI document, as `OpenAPIJSONWriter` writes it.
typealias OpenAPIObject = [String: Any]

/// The small pieces every part of the OpenAPI document repeats, written once.
enum OpenAPI {
    static func schemaRef(_ name: String) -> OpenAPIObject {
        ["$ref": "#/components/schemas/\(name)"]
    }

    static func parameterRef(_ name: String) -> OpenAPIObject {
        ["$ref": "#/components/parameters/\(name)"]
    }

    static func responseRef(_ name: String) -> OpenAPIObject {
        ["$ref": "#/components/responses/\(name)"]
    }

    /// `{"type": "string"}`, with more constraints when given.
    static func string(_ extra: OpenAPIObject = [:]) -> OpenAPIObject {
        extra.merging(["type": "string"]) { _, new in new }
    }

    /// A schema with a description.
    static func described(_ schema: OpenAPIObject, _ description: String) -> OpenAPIObject {
        schema.merging(["description": description]) { _, new in new }
    }

    static func array(of items: OpenAPIObject) -> OpenAPIObject {
        ["type": "array", "items": items]
    }

    static var int64: OpenAPIObject { ["type": "integer", "format": "int64"] }

    /// Response headers that are plain strings, by name.
    static func headers(_ names: String...) -> OpenAPIObject {
        var headers: OpenAPIObject = [:]
        for name in names { headers[name] = ["schema": string()] }
        return headers
    }

    /// A body or response content of one media type.
    static func content(_ mediaType: String, schema: OpenAPIObject, example: Any) -> OpenAPIObject {
        [mediaType: ["schema": schema, "example": example]]
    }

    /// The error envelope as the answer for each of `statuses`.
    static func errors(_ statuses: Int...) -> OpenAPIObject {
        var responses: OpenAPIObject = [:]
        for status in statuses { responses[String(status)] = responseRef("Error") }
        return responses
    }
}

extension Dictionary where Key == String, Value == Any {
    /// The value at a path of nested objects; setting creates the objects on the way.
    subscript(path keys: [String]) -> Any? {
        get {
            guard let first = keys.first else { return nil }
            let rest = Array(keys.dropFirst())
            if rest.isEmpty { return self[first] }
            return (self[first] as? [String: Any])?[path: rest]
        }
        set {
            guard let first = keys.first else { return }
            let rest = Array(keys.dropFirst())
            if rest.isEmpty {
                self[first] = newValue
            } else {
                var child = self[first] as? [String: Any] ?? [:]
                child[path: rest] = newValue
                self[first] = child
            }
        }
    }

    /// This object with `other`'s keys added (theirs win).
    func adding(_ other: [String: Any]) -> [String: Any] {
        merging(other) { _, new in new }
    }
}

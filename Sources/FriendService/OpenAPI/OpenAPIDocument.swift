import Foundation
import FriendsAPI

/// The OpenAPI 3 description of every route, served at `/openapi.json`, built from the route table
/// `FriendsEndpoint` (each route's operation is declared beside it, in `FriendsEndpoint+OpenAPI`),
/// the schemas of the wire types and the field rules of `FriendValidation`.
/// `OpenAPIDocumentTests` fails when the route table and this document disagree.
enum OpenAPIDocument {
    static let openAPIVersion = "3.0.3"
    static let title = "FriendService"
    static let version = "1.0.0"

    /// The document; only a server with a token declares the bearer security and its `401` answers.
    static func served(withToken hasToken: Bool) -> Data {
        var document = document
        if hasToken {
            document["security"] = [["bearer": [String]()]]
            document[path: ["components", "securitySchemes"]] = ["bearer": ["type": "http", "scheme": "bearer"]]
        }
        let error = OpenAPI.responseRef("Error")
        for endpoint in FriendsEndpoint.allCases {
            let operation = ["paths", endpoint.pathPattern, endpoint.method.lowercased()]
            // Any route that reads the database may find it unavailable.
            if endpoint != .openAPI {
                document[path: operation + ["responses", "503"]] = error
            }
            if hasToken, endpoint.needsToken {
                document[path: operation + ["responses", "401"]] = error
            } else if hasToken {
                document[path: operation + ["security"]] = [Any]()
            }
        }
        return OpenAPIJSONWriter.data(document)
    }

    private static var document: OpenAPIObject {
        let info: OpenAPIObject = [
            "title": title, "version": version,
            "description": "A contact list: list, search, add, edit and delete friends. Errors always use the envelope {\"error\": {\"message\": ..., \"fields\": {...}}}. When the server has a token, every route except /health and /openapi.json needs 'Authorization: Bearer <token>'.",
        ]
        return ["openapi": openAPIVersion, "info": info, "paths": paths, "components": components]
    }

    /// Each path of the route table with its operations; a path with a friend's id declares it once.
    private static var paths: OpenAPIObject {
        var paths: OpenAPIObject = [:]
        for endpoint in FriendsEndpoint.allCases {
            let path = endpoint.pathPattern
            paths[path: [path, endpoint.method.lowercased()]] = endpoint.openAPIOperation
            if path.contains(FriendsEndpoint.idParameter) {
                paths[path: [path, "parameters"]] = [OpenAPI.parameterRef("id")]
            }
        }
        return paths
    }
}

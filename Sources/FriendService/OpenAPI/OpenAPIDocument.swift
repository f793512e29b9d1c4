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

    /// Who may use the routes, which the document declares with its security and answers.
    enum Access {
        /// Anyone who reaches the server (on loopback, or anonymous by choice).
        case open
        /// Whoever sends the server's token as Bearer. Wrong tokens are slowed down (`429`).
        case token
        /// Whoever signs in to an account: Basic with its name and password (or a token of it),
        /// or Bearer with a token. Failed sign-ins are slowed down (`429`), and password checks
        /// beyond what the server runs at once are refused (`503`).
        case accounts
    }

    static func served(for access: Access) -> Data {
        var document = document
        switch access {
        case .open:
            break
        case .token:
            document["security"] = [["bearer": [String]()]]
            document[path: ["components", "securitySchemes"]] = ["bearer": ["type": "http", "scheme": "bearer"]]
        case .accounts:
            document["security"] = [["basic": [String]()], ["bearer": [String]()]]
            document[path: ["components", "securitySchemes"]] = [
                "basic": ["type": "http", "scheme": "basic", "description": "An account's name, and its password or one of its tokens."],
                "bearer": ["type": "http", "scheme": "bearer", "description": "A token of an account."],
            ]
        }
        for endpoint in FriendsEndpoint.allCases {
            let operation = ["paths", endpoint.pathPattern, endpoint.method.lowercased()]
            // Any route that reads the database may find it unavailable.
            if endpoint != .openAPI {
                document[path: operation + ["responses", "503"]] = OpenAPI.responseRef("Unavailable")
            }
            guard access != .open else { continue }
            guard endpoint.needsToken else {
                document[path: operation + ["security"]] = [Any]()
                continue
            }
            document[path: operation + ["responses", "401"]] = OpenAPI.responseRef("SignInRequired")
            document[path: operation + ["responses", "429"]] = OpenAPI.responseRef("TooManySignIns")
        }
        return OpenAPIJSONWriter.data(document)
    }

    private static var document: OpenAPIObject {
        let info: OpenAPIObject = [
            "title": title, "version": version,
            "description": "A contact list: list, search, add, edit and delete friends. Errors always use the envelope {\"error\": {\"message\": ..., \"fields\": {...}}}. Any route may also refuse a request before reading it, with the envelope: 400 (malformed), 405 (a method the path does not take; Allow names those it does), 408 (headers too slow), 421 (addressed to a name other than this server's, on a server without a token), 431 (headers too large) or 501 (a method nobody knows). When the server has a token, every route except /health and /openapi.json needs 'Authorization: Bearer <token>'; when it has accounts, Basic with an account's name and password (or a token of it), or Bearer with a token of it.",
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

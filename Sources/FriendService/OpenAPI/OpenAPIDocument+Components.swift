import FriendsAPI

/// The shared parameters, responses and schemas of the OpenAPI document.
extension OpenAPIDocument {
    static var components: OpenAPIObject {
        ["parameters": parameters, "responses": responses, "schemas": schemas]
    }

    private static var parameters: OpenAPIObject {
        [
            "id": ["name": "id", "in": "path", "required": true, "schema": OpenAPI.int64] as OpenAPIObject,
            "ifMatch": [
                "name": FriendsHTTPHeader.ifMatch, "in": "header",
                "schema": OpenAPI.string(["pattern": entityTagsPattern]),
                "description": "The ETag last seen, in its quotes; 412 when the friend changed since, 400 when it is not an entity tag. '*' matches any existing friend.",
            ] as OpenAPIObject,
            "ifNoneMatch": [
                "name": "If-None-Match", "in": "header", "schema": OpenAPI.string(),
                "description": "The ETag of the copy the client has; 304 without a body while it is still current.",
            ] as OpenAPIObject,
            "changeIfNoneMatch": [
                "name": "If-None-Match", "in": "header", "schema": OpenAPI.string(["pattern": entityTagsPattern]),
                "description": "ETags of versions not to change; 412 when one names the version stored now, '*' any; 400 when it is not entity tags.",
            ] as OpenAPIObject,
        ]
    }

    /// `*`, or entity tags in quotes (weak or strong), separated by commas.
    private static let entityTagsPattern = #"^(\*|((W/)?"[!#-+.-~-]*"( *, *(W/)?"[!#-+.-~-]*")*)?)$"#

    /// A friend with its ETag, as every single-friend answer sends it.
    static func friendResponse(description: String) -> OpenAPIObject {
        [
            "description": description,
            "headers": OpenAPI.headers(FriendsHTTPHeader.eTag),
            "content": OpenAPI.content("application/json", schema: OpenAPI.schemaRef("Friend"), example: OpenAPIExamples.friend),
        ]
    }

    private static var responses: OpenAPIObject {
        var created = friendResponse(description: "The created friend.")
        created["headers"] = OpenAPI.headers(FriendsHTTPHeader.eTag, FriendsHTTPHeader.location)
        created["links"] = friendLinks
        let error: OpenAPIObject = [
            "description": "An error; fields names every failed field.",
            "content": OpenAPI.content("application/json", schema: OpenAPI.schemaRef("ErrorEnvelope"), example: OpenAPIExamples.error),
        ]
        let notModified: OpenAPIObject = [
            "description": "Not modified: the copy whose ETag was sent is current.",
            "headers": OpenAPI.headers(FriendsHTTPHeader.eTag),
        ]
        func errorWith(_ description: String, header: String) -> OpenAPIObject {
            var answer = error
            answer["description"] = description
            answer["headers"] = OpenAPI.headers(header)
            return answer
        }
        return [
            "NotModified": notModified, "Friend": friendResponse(description: "A friend."), "CreatedFriend": created, "Error": error,
            "Unavailable": errorWith("Unavailable for now (the database, or the server's capacity); Retry-After says when to try again.", header: "Retry-After"),
            "SignInRequired": errorWith("No credentials, or credentials that do not sign in; WWW-Authenticate names the schemes.", header: "WWW-Authenticate"),
            "TooManySignIns": errorWith("Too many failed sign-ins; Retry-After says when to try again.", header: "Retry-After"),
        ]
    }

    /// From a created friend to every route that takes its id, named by the route's operation.
    private static var friendLinks: OpenAPIObject {
        var links: OpenAPIObject = [:]
        for endpoint in FriendsEndpoint.allCases where endpoint.pathPattern.contains(FriendsEndpoint.idParameter) {
            let name = endpoint.rawValue.prefix(1).uppercased() + endpoint.rawValue.dropFirst()
            links[name] = ["operationId": endpoint.rawValue, "parameters": ["id": "$response.body#/id"]] as OpenAPIObject
        }
        return links
    }
}

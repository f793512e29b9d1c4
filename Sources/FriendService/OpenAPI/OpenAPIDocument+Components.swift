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
        func errorWith(_ description: String, header: String?, example message: String) -> OpenAPIObject {
            var answer: OpenAPIObject = [
                "description": description,
                "content": OpenAPI.content("application/json", schema: OpenAPI.schemaRef("ErrorEnvelope"), example: OpenAPIExamples.error(message)),
            ]
            if let header { answer["headers"] = OpenAPI.headers(header) }
            return answer
        }
        // The original client's routes send the seed's six fields.
        var legacyCreated = created
        legacyCreated["content"] = OpenAPI.content("application/json", schema: OpenAPI.schemaRef("Friend"), example: OpenAPIExamples.legacyFriend)
        var legacyFriend = friendResponse(description: "A friend, in the seed's six fields.")
        legacyFriend["content"] = legacyCreated["content"]
        return [
            "NotModified": notModified, "Friend": friendResponse(description: "A friend."), "CreatedFriend": created, "Error": error,
            "LegacyFriend": legacyFriend, "LegacyCreatedFriend": legacyCreated,
            "Unavailable": errorWith("Unavailable for now (the database, or the server's capacity); Retry-After says when to try again.",
                                     header: "Retry-After", example: "The database is not available; try again later."),
            "SignInRequired": errorWith("No credentials, or credentials that do not sign in; WWW-Authenticate names the schemes.",
                                        header: "WWW-Authenticate", example: "Sign in: Basic with your name and password or an app password, or Bearer with a token."),
            "TooManySignIns": errorWith("Too many failed sign-ins; Retry-After says when to try again.",
                                        header: "Retry-After", example: "Too many failed sign-ins: try again in 7 s."),
            "BodyTimeout": errorWith("The request body stopped arriving, or came too slowly; the connection is closed.",
                                     header: nil, example: "The request body did not arrive in time."),
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

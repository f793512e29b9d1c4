import Foundation
import FriendsAPI

/// The parameters and responses particular to one route or two.
extension FriendsEndpoint {
    static var listParameters: [OpenAPIObject] {
        let limit: OpenAPIObject = [
            "type": "integer", "minimum": 1, "maximum": FriendListQuery.maximumLimit, "default": FriendListQuery.defaultLimit,
        ]
        let cursor = OpenAPI.string(["maxLength": FriendCursor.maximumLength, "pattern": "^[A-Za-z0-9_-]*$"])
        let search = OpenAPI.string(["maxLength": ListQueryParser.maximumSearchLength, "pattern": FriendValidation.Pattern.search])
        return [
            ["name": FriendListQuery.Name.limit, "in": "query", "schema": limit],
            [
                "name": FriendListQuery.Name.cursor, "in": "query", "schema": cursor,
                "description": "nextCursor of the previous page; opaque.",
            ],
            [
                "name": FriendListQuery.Name.search, "in": "query", "schema": search,
                "description": "Search, case- and accent-insensitive: a prefix of the first name, the last name or 'first last', or text anywhere in the organization, an email address or a Chinese, Japanese or Korean name as shown, family name first, typed with or without a space between the names (from three characters on; two for such a name); when q is only digits, '+', spaces, dashes, dots or parentheses, also digits anywhere in the phone number.",
            ],
        ]
    }

    static var eventParameters: [OpenAPIObject] {
        let sequence: OpenAPIObject = OpenAPI.int64.adding(["minimum": 0, "maximum": Int(Int64.max)])
        let follow: OpenAPIObject = ["type": "boolean", "default": true]
        return [
            [
                "name": FriendsHTTPHeader.lastEventID, "in": "header", "schema": sequence,
                "description": "The last change sequence seen; the stream starts after it.",
            ],
            [
                "name": FriendsRoutes.eventsAfter, "in": "query", "schema": sequence,
                "description": "As Last-Event-ID, for clients that cannot set headers; the header wins.",
            ],
            [
                "name": FriendsRoutes.eventsFollow, "in": "query", "schema": follow,
                "description": "false: end the stream once what was missed is sent (a catch-up for clients that poll); true, the default: go on with live changes.",
            ],
        ]
    }

    static var pageResponse: OpenAPIObject {
        let page: OpenAPIObject = ["items": [OpenAPIExamples.friend], "nextCursor": NSNull(), "total": 1]
        let json = OpenAPI.content("application/json", schema: OpenAPI.schemaRef("FriendPage"), example: page)
        let card = OpenAPI.content("text/vcard", schema: OpenAPI.string(), example: OpenAPIExamples.shortCard)
        let eTag: OpenAPIObject = [
            "schema": OpenAPI.string(),
            "description": "With the JSON page only: the vCard file streams every card, without one.",
        ]
        return [
            "description": "A page, or with Accept: text/vcard every card (matching q) as one vCard file. The page's ETag changes whenever any friend is created, updated or deleted.",
            "headers": [FriendsHTTPHeader.eTag: eTag] as OpenAPIObject,
            "content": json.adding(card),
        ]
    }

    static var friendWithCardResponse: OpenAPIObject {
        let card = OpenAPI.content("text/vcard", schema: OpenAPI.string(), example: OpenAPIExamples.storedCard)
        var response = OpenAPIDocument.friendResponse(description: "A friend.")
        let json = response["content"] as? OpenAPIObject ?? [:]
        response["content"] = json.adding(card)
        return response
    }

    static var importResponse: OpenAPIObject {
        [
            "description": "What happened to each card.",
            "content": OpenAPI.content("application/json", schema: OpenAPI.schemaRef("ImportReport"), example: OpenAPIExamples.importReport),
        ]
    }

    static var eventsResponse: OpenAPIObject {
        [
            "description": "The event stream; it stays open unless follow is false.",
            "content": OpenAPI.content("text/event-stream", schema: OpenAPI.schemaRef("FriendEvent"), example: OpenAPIExamples.event),
        ]
    }

    static var avatarResponse: OpenAPIObject {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"128\" height=\"128\">…</svg>"
        var content = OpenAPI.content("image/svg+xml", schema: OpenAPI.string(), example: svg)
        for type in ["image/png", "image/jpeg", "image/gif", "image/webp"] {
            content = content.adding(OpenAPI.content(type, schema: OpenAPI.string(["format": "binary"]), example: "(the image's bytes)"))
        }
        return [
            "description": "The card's photo as it is (PNG, JPEG, GIF or WebP), or the initials as SVG; cacheable.",
            "headers": OpenAPI.headers(FriendsHTTPHeader.eTag, FriendsHTTPHeader.cacheControl),
            "content": content,
        ]
    }

    static var avatarNotModified: OpenAPIObject {
        ["description": "Not modified.", "headers": OpenAPI.headers(FriendsHTTPHeader.eTag)]
    }

    static var healthResponse: OpenAPIObject {
        let example: OpenAPIObject = ["status": "ok", "database": "sqlite"]
        return ["description": "Up.", "content": OpenAPI.content("application/json", schema: OpenAPI.schemaRef("HealthStatus"), example: example)]
    }

    static var documentResponse: OpenAPIObject {
        let info: OpenAPIObject = ["title": OpenAPIDocument.title, "version": OpenAPIDocument.version]
        let example: OpenAPIObject = ["openapi": OpenAPIDocument.openAPIVersion, "info": info, "paths": OpenAPIObject()]
        return ["description": "This document.", "content": OpenAPI.content("application/json", schema: ["type": "object"], example: example)]
    }

    static var legacyListResponse: OpenAPIObject {
        let list = OpenAPI.array(of: OpenAPI.schemaRef("Friend"))
        return ["description": "All friends.", "content": OpenAPI.content("application/json", schema: list, example: [OpenAPIExamples.legacyFriend])]
    }
}

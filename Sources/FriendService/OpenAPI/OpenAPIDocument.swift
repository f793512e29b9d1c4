import Foundation
import FriendsAPI

/// The OpenAPI 3 description of every route, served at `/openapi.json`.
/// `OpenAPIDocumentTests` fails when the route table `FriendsEndpoint` and this document disagree.
///
/// `text` holds what never changes; `served(withToken:)` adds the field rules of `FriendValidation`
/// and, only when the server has a token, the bearer security and its `401` answers.
enum OpenAPIDocument {
    static let json = Data(text.utf8)

    static func served(withToken hasToken: Bool) -> Data {
        guard var document = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] else { return json }
        for schema in ["NewFriend", "FriendUpdate"] {
            document[path: ["components", "schemas", schema, "properties"]] = fieldProperties
        }
        // A new friend needs something to be called by: one of the three names, not blank.
        document[path: ["components", "schemas", "NewFriend", "anyOf"]] = ["firstname", "lastname", "organization"].map { name in
            ["required": [name], "properties": [name: ["type": "string", "pattern": FriendValidation.Pattern.presentName]]] as [String: Any]
        }
        let search = ["paths", FriendsEndpoint.listFriends.pathPattern, "get", "parameters"]
        if var parameters = document[path: search] as? [[String: Any]], let q = parameters.firstIndex(where: { $0["name"] as? String == "q" }) {
            parameters[q][path: ["schema", "pattern"]] = FriendValidation.Pattern.search
            document[path: search] = parameters
        }
        if hasToken {
            document["security"] = [["bearer": [String]()]]
            document[path: ["components", "securitySchemes"]] = ["bearer": ["type": "http", "scheme": "bearer"]]
        }
        let error: [String: Any] = ["$ref": "#/components/responses/Error"]
        for endpoint in FriendsEndpoint.allCases {
            let operation = ["paths", endpoint.pathPattern, endpoint.method.lowercased()]
            if endpoint != .openAPI {
                document[path: operation + ["responses", "503"]] = error
            }
            if hasToken, endpoint.needsToken {
                document[path: operation + ["responses", "401"]] = error
            } else if hasToken {
                document[path: operation + ["security"]] = [Any]()
            }
        }
        let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? JSONSerialization.data(withJSONObject: document, options: options)) ?? json
    }

    /// The body fields with the lengths and patterns the server enforces.
    private static var fieldProperties: [String: Any] {
        func field(_ maximumLength: Int, _ pattern: String, _ description: String) -> [String: Any] {
            ["type": "string", "maxLength": maximumLength, "pattern": pattern, "description": description]
        }
        func list(_ item: [String: Any], _ description: String) -> [String: Any] {
            ["type": "array", "maxItems": FriendValidation.maximumListLength, "items": item, "description": description]
        }
        let label = field(FriendValidation.maximumLabelLength, FriendValidation.Pattern.name, "What it is for: mobile, home, work, or any words.")
        let phone = field(FriendValidation.maximumPhoneNumberLength, FriendValidation.Pattern.presentPhoneNumber, "")
        let email = field(FriendValidation.maximumEmailLength, FriendValidation.Pattern.presentEmail, "")
        let addressPart = field(FriendValidation.maximumAddressPartLength, FriendValidation.Pattern.about, "")
        let ignored: [String: Any] = ["description": "Ignored, so that a client may send a whole friend back."]
        return [
            "firstname": field(FriendValidation.maximumNameLength, FriendValidation.Pattern.name, "No control characters; may be empty when lastname or organization is not."),
            "lastname": field(FriendValidation.maximumNameLength, FriendValidation.Pattern.name, "No control characters; may be empty when firstname or organization is not."),
            "organization": field(FriendValidation.maximumOrganizationLength, FriendValidation.Pattern.name, "No control characters; a friend may be known by it alone."),
            "phonenumber": field(
                FriendValidation.maximumPhoneNumberLength, FriendValidation.Pattern.phoneNumber,
                "The preferred number: empty, or printable text with at least one digit (*155*181#, +1 555 0100 ext. 12, 1-800-FLOWERS). Ignored when phones is sent."
            ),
            "email": field(FriendValidation.maximumEmailLength, FriendValidation.Pattern.email, "The preferred address: empty, or an address like name@example.com. Ignored when emails is sent."),
            "birthday": field(FriendValidation.maximumBirthdayLength, FriendValidation.Pattern.birthday, "Empty, 1815-12-10, or --12-10 without the year."),
            "about": field(FriendValidation.maximumAboutLength, FriendValidation.Pattern.about, "Free text; tabs and line breaks allowed, other control characters not."),
            "phones": list(
                ["type": "object", "required": ["value"], "additionalProperties": false, "properties": ["label": label, "value": phone]],
                "Every phone number, the preferred one first; replaces them all."
            ),
            "emails": list(
                ["type": "object", "required": ["value"], "additionalProperties": false, "properties": ["label": label, "value": email]],
                "Every email address, the preferred one first; replaces them all."
            ),
            "addresses": list(
                [
                    "type": "object", "additionalProperties": false,
                    "properties": ["label": label, "street": addressPart, "city": addressPart, "region": addressPart, "postcode": addressPart, "country": addressPart],
                ],
                "Every postal address; replaces them all."
            ),
            "id": ignored, "version": ignored, "photo": ignored, "uid": ignored,
        ]
    }

    static let text = #"""
    {
      "openapi": "3.0.3",
      "info": {
        "title": "FriendService",
        "version": "1.0.0",
        "description": "A contact list: list, search, add, edit and delete friends. Errors always use the envelope {\"error\": {\"message\": ..., \"fields\": {...}}}. When the server has a token, every route except /health and /openapi.json needs 'Authorization: Bearer <token>'."
      },
      "paths": {
        "/friends": {
          "get": {
            "operationId": "listFriends",
            "summary": "One page of friends, sorted by last name (the organization for a friend known by that alone), first name, id (case- and accent-insensitive). With Accept: text/vcard, every friend matching q as one vCard file instead (no paging; streamed).",
            "parameters": [
              { "name": "limit", "in": "query", "schema": { "type": "integer", "minimum": 1, "maximum": 500, "default": 50 } },
              { "name": "cursor", "in": "query", "description": "nextCursor of the previous page; opaque.", "schema": { "type": "string", "maxLength": 2048, "pattern": "^[A-Za-z0-9_-]*$" } },
              { "name": "q", "in": "query", "description": "Search, case- and accent-insensitive: a prefix of the first name, the last name or 'first last', or text anywhere in the organization or an email address; when q is only digits, '+', spaces, dashes, dots or parentheses, also digits anywhere in the phone number.", "schema": { "type": "string", "maxLength": 200 } },
              { "$ref": "#/components/parameters/ifNoneMatch" }
            ],
            "responses": {
              "200": { "description": "A page. Its ETag changes whenever any friend is created, updated or deleted.", "headers": { "ETag": { "schema": { "type": "string" } } }, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/FriendPage" }, "example": { "items": [{ "id": 1, "version": 2, "firstname": "Ada", "lastname": "Lovelace", "phonenumber": "+44 20 7946 0018", "email": "ada@example.com", "about": "Wrote the first program.", "organization": "Analytical Engines", "phones": [{ "label": "mobile", "value": "+44 20 7946 0018" }, { "label": "Ski cabin", "value": "*155*181#" }], "emails": [{ "label": "", "value": "ada@example.com" }], "addresses": [{ "label": "home", "street": "12 St James's Square", "city": "London", "region": "", "postcode": "SW1Y 4JH", "country": "United Kingdom" }], "birthday": "--12-10", "photo": false, "uid": "8F3A1C2E-7B1D-4C8E-9E0A-5D2B1F6C3A10" }], "nextCursor": null, "total": 1 } }, "text/vcard": { "schema": { "type": "string" }, "example": "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:8F3A1C2E\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r\n" } } },
              "304": { "$ref": "#/components/responses/NotModified" },
              "400": { "$ref": "#/components/responses/Error" }
            }
          },
          "post": {
            "operationId": "createFriend",
            "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/NewFriend" }, "example": { "firstname": "Ada", "lastname": "Lovelace", "phonenumber": "+44 20 7946 0018", "email": "ada@example.com", "about": "Wrote the first program." } } } },
            "responses": {
              "201": { "$ref": "#/components/responses/CreatedFriend" },
              "400": { "$ref": "#/components/responses/Error" },
              "413": { "$ref": "#/components/responses/Error" },
              "415": { "$ref": "#/components/responses/Error" },
              "503": { "$ref": "#/components/responses/Error" }
            }
          }
        },
        "/friends/import": {
          "post": {
            "operationId": "importFriends",
            "summary": "Adds or updates friends from vCards (2.1, 3.0, 4.0): a card whose UID is known updates that friend; the others are created. Good cards are kept when others are bad.",
            "description": "The body is read as it arrives, one card at a time: at most 256 MiB in all, each card at most 8 MiB, a photo at most 4 MiB. A card without a UID gets one made of its bytes, so importing the same file again creates nothing.",
            "requestBody": { "required": true, "content": { "text/vcard": { "schema": { "type": "string", "pattern": "(^|\\n)BEGIN:VCARD\\r?\\n" }, "example": "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r\n" } } },
            "responses": {
              "200": { "description": "What happened to each card.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/ImportReport" }, "example": { "created": 41, "updated": 2, "unchanged": 0, "failed": [{ "index": 7, "name": "Grace Hopper", "reason": "The card ends without END:VCARD." }] } } } },
              "400": { "$ref": "#/components/responses/Error" },
              "413": { "$ref": "#/components/responses/Error" },
              "415": { "$ref": "#/components/responses/Error" }
            }
          }
        },
        "/friends/events": {
          "get": {
            "operationId": "friendEvents",
            "summary": "The live change feed as Server-Sent Events: one event per committed change, in order.",
            "description": "Each event has 'id:' its change sequence number, 'event:' created, updated, deleted or reset, and one 'data:' line of JSON: the friend with its version for created and updated, {\"id\": N} for deleted, {} for reset. A reset means: reload, then follow from its id; it is sent when the position asked for is older than the kept history, and before the stream is closed when the client falls too far behind. A subscriber that gives no position first gets an event with only 'id:' (no event name, no data): where its stream starts; EventSource clients take it as their last event id without dispatching anything. Idle streams get a comment line every 15 seconds. Resume with Last-Event-ID (or ?after=) to get what was missed, then live changes; with follow=false the stream ends once what was missed is sent. The connection closes when the stream ends. The response's schema describes one event, as Server-Sent Events are read: an object of its fields.",
            "parameters": [
              { "name": "Last-Event-ID", "in": "header", "description": "The last change sequence seen; the stream starts after it.", "schema": { "type": "integer", "format": "int64", "minimum": 0, "maximum": 9223372036854775807 } },
              { "name": "after", "in": "query", "description": "As Last-Event-ID, for clients that cannot set headers; the header wins.", "schema": { "type": "integer", "format": "int64", "minimum": 0, "maximum": 9223372036854775807 } },
              { "name": "follow", "in": "query", "description": "false: end the stream once what was missed is sent (a catch-up for clients that poll); true, the default: go on with live changes.", "schema": { "type": "boolean", "default": true } }
            ],
            "responses": {
              "200": { "description": "The event stream; it stays open unless follow is false.", "content": { "text/event-stream": { "schema": { "$ref": "#/components/schemas/FriendEvent" }, "example": "id: 7\nevent: updated\ndata: {\"id\":1,\"version\":2,\"firstname\":\"Ada\",\"lastname\":\"Lovelace\",\"phonenumber\":\"\",\"email\":\"\",\"about\":\"\"}\n\n" } } },
              "400": { "$ref": "#/components/responses/Error" },
              "503": { "description": "More subscribers than the server takes (Retry-After: 5), or the database is not available while resuming (Retry-After: 1).", "headers": { "Retry-After": { "schema": { "type": "integer" } } }, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/ErrorEnvelope" } } } }
            }
          }
        },
        "/friends/{id}": {
          "parameters": [{ "$ref": "#/components/parameters/id" }],
          "get": {
            "operationId": "getFriend",
            "summary": "A friend; with Accept: text/vcard, the friend's whole card as stored.",
            "parameters": [{ "$ref": "#/components/parameters/ifNoneMatch" }],
            "responses": {
              "200": {
                "description": "A friend.",
                "headers": { "ETag": { "schema": { "type": "string" } } },
                "content": {
                  "application/json": { "schema": { "$ref": "#/components/schemas/Friend" }, "example": { "id": 1, "version": 2, "firstname": "Ada", "lastname": "Lovelace", "phonenumber": "+44 20 7946 0018", "email": "ada@example.com", "about": "Wrote the first program.", "organization": "Analytical Engines", "phones": [{ "label": "mobile", "value": "+44 20 7946 0018" }, { "label": "Ski cabin", "value": "*155*181#" }], "emails": [{ "label": "", "value": "ada@example.com" }], "addresses": [{ "label": "home", "street": "12 St James's Square", "city": "London", "region": "", "postcode": "SW1Y 4JH", "country": "United Kingdom" }], "birthday": "--12-10", "photo": false, "uid": "8F3A1C2E-7B1D-4C8E-9E0A-5D2B1F6C3A10" } },
                  "text/vcard": { "schema": { "type": "string" }, "example": "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:8F3A1C2E-7B1D-4C8E-9E0A-5D2B1F6C3A10\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nitem1.TEL;TYPE=CELL,pref:+44 20 7946 0018\r\nEND:VCARD\r\n" }
                }
              },
              "304": { "$ref": "#/components/responses/NotModified" },
              "400": { "$ref": "#/components/responses/Error" },
              "404": { "$ref": "#/components/responses/Error" }
            }
          },
          "patch": {
            "operationId": "updateFriend",
            "summary": "Changes the fields present in the body.",
            "parameters": [{ "$ref": "#/components/parameters/ifMatch" }],
            "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/FriendUpdate" }, "example": { "about": "First programmer." } } } },
            "responses": {
              "200": { "$ref": "#/components/responses/Friend" },
              "400": { "$ref": "#/components/responses/Error" },
              "404": { "$ref": "#/components/responses/Error" },
              "412": { "$ref": "#/components/responses/Error" },
              "413": { "$ref": "#/components/responses/Error" },
              "415": { "$ref": "#/components/responses/Error" },
              "503": { "$ref": "#/components/responses/Error" }
            }
          },
          "delete": {
            "operationId": "deleteFriend",
            "parameters": [{ "$ref": "#/components/parameters/ifMatch" }],
            "responses": {
              "204": { "description": "Removed." },
              "400": { "$ref": "#/components/responses/Error" },
              "404": { "$ref": "#/components/responses/Error" },
              "412": { "$ref": "#/components/responses/Error" }
            }
          }
        },
        "/friends/{id}/avatar": {
          "parameters": [{ "$ref": "#/components/parameters/id" }],
          "get": {
            "operationId": "getFriendAvatar",
            "summary": "The photo of the friend's card, or the friend's initials on a colour derived from the friend.",
            "parameters": [{ "name": "If-None-Match", "in": "header", "schema": { "type": "string" } }],
            "responses": {
              "200": {
                "description": "The card's photo as it is (PNG, JPEG, GIF or WebP), or the initials as SVG; cacheable.",
                "headers": { "ETag": { "schema": { "type": "string" } }, "Cache-Control": { "schema": { "type": "string" } } },
                "content": {
                  "image/svg+xml": { "schema": { "type": "string" }, "example": "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"128\" height=\"128\">…</svg>" },
                  "image/png": { "schema": { "type": "string", "format": "binary" }, "example": "(the image's bytes)" },
                  "image/jpeg": { "schema": { "type": "string", "format": "binary" }, "example": "(the image's bytes)" },
                  "image/gif": { "schema": { "type": "string", "format": "binary" }, "example": "(the image's bytes)" },
                  "image/webp": { "schema": { "type": "string", "format": "binary" }, "example": "(the image's bytes)" }
                }
              },
              "304": { "description": "Not modified.", "headers": { "ETag": { "schema": { "type": "string" } } } },
              "400": { "$ref": "#/components/responses/Error" },
              "404": { "$ref": "#/components/responses/Error" }
            }
          }
        },
        "/health": {
          "get": {
            "operationId": "health",
            "responses": {
              "200": { "description": "Up.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/HealthStatus" }, "example": { "status": "ok", "database": "sqlite" } } } },
              "503": { "$ref": "#/components/responses/Error" }
            }
          }
        },
        "/openapi.json": {
          "get": {
            "operationId": "openAPI",
            "responses": { "200": { "description": "This document.", "content": { "application/json": { "schema": { "type": "object" }, "example": { "openapi": "3.0.3", "info": { "title": "FriendService", "version": "1.0.0" }, "paths": {} } } } } }
          }
        },
        "/listFriends": {
          "get": {
            "operationId": "legacyListFriends",
            "summary": "The original iOS client's list: every friend as a plain array.",
            "responses": {
              "200": { "description": "All friends.", "content": { "application/json": { "schema": { "type": "array", "items": { "$ref": "#/components/schemas/Friend" } }, "example": [{ "id": 1, "firstname": "Ada", "lastname": "Lovelace", "phonenumber": "+44 20 7946 0018", "email": "ada@example.com", "about": "Wrote the first program." }] } } }
            }
          }
        },
        "/addFriend": {
          "post": {
            "operationId": "legacyAddFriend",
            "summary": "The original iOS client's create.",
            "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/NewFriend" }, "example": { "firstname": "Ada", "lastname": "Lovelace", "phonenumber": "+44 20 7946 0018", "email": "ada@example.com", "about": "Wrote the first program." } } } },
            "responses": {
              "201": { "$ref": "#/components/responses/CreatedFriend" },
              "400": { "$ref": "#/components/responses/Error" },
              "413": { "$ref": "#/components/responses/Error" },
              "415": { "$ref": "#/components/responses/Error" },
              "503": { "$ref": "#/components/responses/Error" }
            }
          }
        },
        "/editFriend/{id}": {
          "parameters": [{ "$ref": "#/components/parameters/id" }],
          "patch": {
            "operationId": "legacyEditFriend",
            "summary": "The original iOS client's update.",
            "parameters": [{ "$ref": "#/components/parameters/ifMatch" }],
            "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/FriendUpdate" }, "example": { "about": "First programmer." } } } },
            "responses": {
              "200": { "$ref": "#/components/responses/Friend" },
              "400": { "$ref": "#/components/responses/Error" },
              "404": { "$ref": "#/components/responses/Error" },
              "412": { "$ref": "#/components/responses/Error" },
              "413": { "$ref": "#/components/responses/Error" },
              "415": { "$ref": "#/components/responses/Error" },
              "503": { "$ref": "#/components/responses/Error" }
            }
          },
          "delete": {
            "operationId": "legacyDeleteFriend",
            "summary": "The original iOS client's delete; answers the removed friend.",
            "parameters": [{ "$ref": "#/components/parameters/ifMatch" }],
            "responses": {
              "200": { "$ref": "#/components/responses/Friend" },
              "400": { "$ref": "#/components/responses/Error" },
              "404": { "$ref": "#/components/responses/Error" },
              "412": { "$ref": "#/components/responses/Error" }
            }
          }
        }
      },
      "components": {
        "parameters": {
          "id": { "name": "id", "in": "path", "required": true, "schema": { "type": "integer", "format": "int64" } },
          "ifMatch": { "name": "If-Match", "in": "header", "description": "The ETag last seen; 412 when the friend changed since. '*' matches any existing friend.", "schema": { "type": "string" } },
          "ifNoneMatch": { "name": "If-None-Match", "in": "header", "description": "The ETag of the copy the client has; 304 without a body while it is still current.", "schema": { "type": "string" } }
        },
        "responses": {
          "NotModified": { "description": "Not modified: the copy whose ETag was sent is current.", "headers": { "ETag": { "schema": { "type": "string" } } } },
          "Friend": {
            "description": "A friend.",
            "headers": { "ETag": { "schema": { "type": "string" } } },
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Friend" }, "example": { "id": 1, "version": 2, "firstname": "Ada", "lastname": "Lovelace", "phonenumber": "+44 20 7946 0018", "email": "ada@example.com", "about": "Wrote the first program.", "organization": "Analytical Engines", "phones": [{ "label": "mobile", "value": "+44 20 7946 0018" }, { "label": "Ski cabin", "value": "*155*181#" }], "emails": [{ "label": "", "value": "ada@example.com" }], "addresses": [{ "label": "home", "street": "12 St James's Square", "city": "London", "region": "", "postcode": "SW1Y 4JH", "country": "United Kingdom" }], "birthday": "--12-10", "photo": false, "uid": "8F3A1C2E-7B1D-4C8E-9E0A-5D2B1F6C3A10" } } }
          },
          "CreatedFriend": {
            "description": "The created friend.",
            "headers": { "ETag": { "schema": { "type": "string" } }, "Location": { "schema": { "type": "string" } } },
            "links": {
              "GetFriend": { "operationId": "getFriend", "parameters": { "id": "$response.body#/id" } },
              "UpdateFriend": { "operationId": "updateFriend", "parameters": { "id": "$response.body#/id" } },
              "DeleteFriend": { "operationId": "deleteFriend", "parameters": { "id": "$response.body#/id" } },
              "GetFriendAvatar": { "operationId": "getFriendAvatar", "parameters": { "id": "$response.body#/id" } },
              "LegacyEditFriend": { "operationId": "legacyEditFriend", "parameters": { "id": "$response.body#/id" } },
              "LegacyDeleteFriend": { "operationId": "legacyDeleteFriend", "parameters": { "id": "$response.body#/id" } }
            },
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Friend" }, "example": { "id": 1, "version": 2, "firstname": "Ada", "lastname": "Lovelace", "phonenumber": "+44 20 7946 0018", "email": "ada@example.com", "about": "Wrote the first program.", "organization": "Analytical Engines", "phones": [{ "label": "mobile", "value": "+44 20 7946 0018" }, { "label": "Ski cabin", "value": "*155*181#" }], "emails": [{ "label": "", "value": "ada@example.com" }], "addresses": [{ "label": "home", "street": "12 St James's Square", "city": "London", "region": "", "postcode": "SW1Y 4JH", "country": "United Kingdom" }], "birthday": "--12-10", "photo": false, "uid": "8F3A1C2E-7B1D-4C8E-9E0A-5D2B1F6C3A10" } } }
          },
          "Error": {
            "description": "An error; fields names every failed field.",
            "content": {
              "application/json": {
                "schema": { "$ref": "#/components/schemas/ErrorEnvelope" },
                "example": { "error": { "message": "Some fields are not valid.", "fields": { "email": "Email must be empty or an address like name@example.com." } } }
              }
            }
          }
        },
        "schemas": {
          "FriendEvent": {
            "description": "One Server-Sent Event of the live feed, as its fields; data is JSON whose shape depends on the event.",
            "type": "object",
            "required": ["event", "data"],
            "properties": {
              "id": { "type": "string", "pattern": "^[0-9]+$", "description": "The change sequence number." },
              "event": { "type": "string", "enum": ["created", "updated", "deleted", "reset"] },
              "data": { "type": "string" },
              "retry": { "type": "integer" }
            },
            "oneOf": [
              { "properties": { "event": { "enum": ["created", "updated"] }, "data": { "contentMediaType": "application/json", "contentSchema": { "$ref": "#/components/schemas/VersionedFriend" } } } },
              { "properties": { "event": { "enum": ["deleted"] }, "data": { "contentMediaType": "application/json", "contentSchema": { "$ref": "#/components/schemas/DeletedFriend" } } } },
              { "properties": { "event": { "enum": ["reset"] }, "data": { "contentMediaType": "application/json", "contentSchema": { "type": "object", "additionalProperties": false } } } }
            ]
          },
          "VersionedFriend": {
            "description": "A friend as the /friends routes send it, with its version and the contact's other details.",
            "allOf": [{ "$ref": "#/components/schemas/Friend" }, { "required": ["version", "organization", "phones", "emails", "addresses", "birthday", "photo", "uid"] }]
          },
          "LabeledValue": {
            "type": "object",
            "required": ["label", "value"],
            "properties": { "label": { "type": "string", "description": "From the card's TYPE (CELL reads as mobile) or X-ABLabel; may be empty." }, "value": { "type": "string" } }
          },
          "PostalAddress": {
            "type": "object",
            "required": ["label", "street", "city", "region", "postcode", "country"],
            "properties": {
              "label": { "type": "string" }, "street": { "type": "string" }, "city": { "type": "string" },
              "region": { "type": "string" }, "postcode": { "type": "string" }, "country": { "type": "string" }
            }
          },
          "ImportReport": {
            "type": "object",
            "required": ["created", "updated", "unchanged", "failed"],
            "properties": {
              "created": { "type": "integer", "minimum": 0 },
              "updated": { "type": "integer", "minimum": 0 },
              "unchanged": { "type": "integer", "minimum": 0 },
              "failed": {
                "type": "array",
                "items": {
                  "type": "object",
                  "required": ["index", "name", "reason"],
                  "properties": {
                    "index": { "type": "integer", "minimum": 1, "description": "The card's position in the body, from 1." },
                    "name": { "type": "string", "description": "The card's FN, when it could be read." },
                    "reason": { "type": "string" }
                  }
                }
              }
            }
          },
          "DeletedFriend": {
            "type": "object",
            "required": ["id"],
            "properties": { "id": { "type": "integer", "format": "int64" } },
            "additionalProperties": false
          },
          "Friend": {
            "type": "object",
            "required": ["id", "firstname", "lastname", "phonenumber", "email", "about"],
            "properties": {
              "id": { "type": "integer", "format": "int64" },
              "firstname": { "type": "string", "description": "N's given name, or FN when N has no name." },
              "lastname": { "type": "string", "description": "N's family name." },
              "phonenumber": { "type": "string", "description": "The preferred TEL (TYPE=pref, or the lowest PREF), else the first." },
              "email": { "type": "string", "description": "The preferred EMAIL, likewise." },
              "about": { "type": "string", "description": "NOTE." },
              "organization": { "type": "string", "description": "The first component of ORG. Sent on the /friends routes only, as every field below but version." },
              "phones": { "type": "array", "items": { "$ref": "#/components/schemas/LabeledValue" }, "description": "Every TEL, the preferred one first." },
              "emails": { "type": "array", "items": { "$ref": "#/components/schemas/LabeledValue" }, "description": "Every EMAIL, the preferred one first." },
              "addresses": { "type": "array", "items": { "$ref": "#/components/schemas/PostalAddress" } },
              "birthday": { "type": "string", "pattern": "^$|^[0-9]{4}-[0-9]{2}-[0-9]{2}$|^--[0-9]{2}-[0-9]{2}$", "description": "BDAY: 1815-12-10, --12-10 without the year, or empty." },
              "photo": { "type": "boolean", "description": "Whether the card holds a picture; GET /friends/{id}/avatar serves it." },
              "uid": { "type": "string", "description": "The card's UID." },
              "version": { "type": "integer", "format": "int64", "minimum": 1, "description": "Sent on the /friends routes only; grows with every change. The ETag is \"<id>-<version>\"." }
            }
          },
          "NewFriend": {
            "type": "object",
            "description": "A friend needs a first name, a last name or an organization (not blank); names have no control characters, any script. The friend is stored as a vCard 3.0 card with a new UID. White space around a value is removed before it is stored. Lengths count Unicode code points of the value as sent. Unknown fields are rejected; id, version, photo and uid are ignored.",
            "additionalProperties": false
          },
          "FriendUpdate": {
            "type": "object",
            "description": "Only the fields present change, in the friend's card in place (the preferred TEL keeps its TYPEs, FN follows the names, everything else stays as it was); the rules of NewFriend apply to them, and the friend must keep a first name, a last name or an organization. Unknown fields are rejected; id, version, photo and uid are ignored.",
            "additionalProperties": false
          },
          "FriendPage": {
            "type": "object",
            "required": ["items", "nextCursor"],
            "properties": {
              "items": { "type": "array", "items": { "$ref": "#/components/schemas/Friend" } },
              "nextCursor": { "type": "string", "nullable": true, "description": "Pass as cursor for the next page; null on the last page." },
              "total": { "type": "integer", "minimum": 0, "description": "How many friends match q in all; sent with the first page only (no cursor), and for a search only when at most 1000 friends match." }
            }
          },
          "HealthStatus": {
            "type": "object",
            "required": ["status", "database"],
            "properties": { "status": { "type": "string" }, "database": { "type": "string" } }
          },
          "ErrorEnvelope": {
            "type": "object",
            "required": ["error"],
            "properties": {
              "error": {
                "type": "object",
                "required": ["message", "fields"],
                "properties": {
                  "message": { "type": "string" },
                  "fields": { "type": "object", "additionalProperties": { "type": "string" } }
                }
              }
            }
          }
        }
      }
    }
    """#
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
}

import Foundation

/// The OpenAPI 3 description of every route, served at `/openapi.json`.
/// `OpenAPIDocumentTests` fails when a route and this document disagree.
enum OpenAPIDocument {
    static let json = Data(text.utf8)

    static let text = #"""
    {
      "openapi": "3.0.3",
      "info": {
        "title": "FriendService",
        "version": "1.0.0",
        "description": "A contact list: list, search, add, edit and delete friends. Errors always use the envelope {\"error\": {\"message\": ..., \"fields\": {...}}}. When the server has a token, every route except /health and /openapi.json needs 'Authorization: Bearer <token>'."
      },
      "security": [{ "bearer": [] }],
      "paths": {
        "/friends": {
          "get": {
            "operationId": "listFriends",
            "summary": "One page of friends, sorted by last name, first name, id (case- and accent-insensitive).",
            "parameters": [
              { "name": "limit", "in": "query", "schema": { "type": "integer", "minimum": 1, "maximum": 500, "default": 50 } },
              { "name": "cursor", "in": "query", "description": "nextCursor of the previous page; opaque.", "schema": { "type": "string" } },
              { "name": "q", "in": "query", "description": "Search, case- and accent-insensitive: a prefix of the first name, the last name or 'first last'; when q is only digits, '+', spaces, dashes, dots or parentheses, also a prefix of the phone number's digits.", "schema": { "type": "string", "maxLength": 200 } }
            ],
            "responses": {
              "200": { "description": "A page.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/FriendPage" } } } },
              "400": { "$ref": "#/components/responses/Error" },
              "401": { "$ref": "#/components/responses/Error" }
            }
          },
          "post": {
            "operationId": "createFriend",
            "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/NewFriend" } } } },
            "responses": {
              "201": { "$ref": "#/components/responses/CreatedFriend" },
              "400": { "$ref": "#/components/responses/Error" },
              "401": { "$ref": "#/components/responses/Error" },
              "413": { "$ref": "#/components/responses/Error" }
            }
          }
        },
        "/friends/events": {
          "get": {
            "operationId": "friendEvents",
            "summary": "The live change feed as Server-Sent Events: one event per committed change, in order.",
            "description": "Each event has 'id:' its change sequence number, 'event:' created, updated, deleted or reset, and one 'data:' line of JSON: the friend with its version for created and updated, {\"id\": N} for deleted, {} for reset. A reset means: reload, then follow from its id; it is sent when the position asked for is older than the kept history, and before the stream is closed when the client falls too far behind. Idle streams get a comment line every 15 seconds. Resume with Last-Event-ID (or ?after=) to get what was missed, then live changes.",
            "parameters": [
              { "name": "Last-Event-ID", "in": "header", "description": "The last change sequence seen; the stream starts after it.", "schema": { "type": "integer", "minimum": 0 } },
              { "name": "after", "in": "query", "description": "As Last-Event-ID, for clients that cannot set headers; the header wins.", "schema": { "type": "integer", "minimum": 0 } }
            ],
            "responses": {
              "200": { "description": "The event stream; it stays open.", "content": { "text/event-stream": { "schema": { "type": "string" } } } },
              "400": { "$ref": "#/components/responses/Error" },
              "401": { "$ref": "#/components/responses/Error" }
            }
          }
        },
        "/friends/{id}": {
          "parameters": [{ "$ref": "#/components/parameters/id" }],
          "get": {
            "operationId": "getFriend",
            "responses": {
              "200": { "$ref": "#/components/responses/Friend" },
              "400": { "$ref": "#/components/responses/Error" },
              "401": { "$ref": "#/components/responses/Error" },
              "404": { "$ref": "#/components/responses/Error" }
            }
          },
          "patch": {
            "operationId": "updateFriend",
            "summary": "Changes the fields present in the body.",
            "parameters": [{ "$ref": "#/components/parameters/ifMatch" }],
            "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/FriendUpdate" } } } },
            "responses": {
              "200": { "$ref": "#/components/responses/Friend" },
              "400": { "$ref": "#/components/responses/Error" },
              "401": { "$ref": "#/components/responses/Error" },
              "404": { "$ref": "#/components/responses/Error" },
              "412": { "$ref": "#/components/responses/Error" },
              "413": { "$ref": "#/components/responses/Error" }
            }
          },
          "delete": {
            "operationId": "deleteFriend",
            "parameters": [{ "$ref": "#/components/parameters/ifMatch" }],
            "responses": {
              "204": { "description": "Removed." },
              "400": { "$ref": "#/components/responses/Error" },
              "401": { "$ref": "#/components/responses/Error" },
              "404": { "$ref": "#/components/responses/Error" },
              "412": { "$ref": "#/components/responses/Error" }
            }
          }
        },
        "/friends/{id}/avatar": {
          "parameters": [{ "$ref": "#/components/parameters/id" }],
          "get": {
            "operationId": "getFriendAvatar",
            "summary": "The friend's initials on a colour derived from the friend.",
            "parameters": [{ "name": "If-None-Match", "in": "header", "schema": { "type": "string" } }],
            "responses": {
              "200": {
                "description": "SVG image, cacheable.",
                "headers": { "ETag": { "schema": { "type": "string" } }, "Cache-Control": { "schema": { "type": "string" } } },
                "content": { "image/svg+xml": { "schema": { "type": "string" } } }
              },
              "304": { "description": "Not modified." },
              "400": { "$ref": "#/components/responses/Error" },
              "401": { "$ref": "#/components/responses/Error" },
              "404": { "$ref": "#/components/responses/Error" }
            }
          }
        },
        "/health": {
          "get": {
            "operationId": "health",
            "security": [],
            "responses": {
              "200": { "description": "Up.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/HealthStatus" } } } },
              "503": { "$ref": "#/components/responses/Error" }
            }
          }
        },
        "/openapi.json": {
          "get": {
            "operationId": "openAPI",
            "security": [],
            "responses": { "200": { "description": "This document.", "content": { "application/json": { "schema": { "type": "object" } } } } }
          }
        },
        "/listFriends": {
          "get": {
            "operationId": "legacyListFriends",
            "summary": "The original iOS client's list: every friend as a plain array.",
            "responses": {
              "200": { "description": "All friends.", "content": { "application/json": { "schema": { "type": "array", "items": { "$ref": "#/components/schemas/Friend" } } } } },
              "401": { "$ref": "#/components/responses/Error" }
            }
          }
        },
        "/addFriend": {
          "post": {
            "operationId": "legacyAddFriend",
            "summary": "The original iOS client's create.",
            "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/NewFriend" } } } },
            "responses": {
              "201": { "$ref": "#/components/responses/CreatedFriend" },
              "400": { "$ref": "#/components/responses/Error" },
              "401": { "$ref": "#/components/responses/Error" },
              "413": { "$ref": "#/components/responses/Error" }
            }
          }
        },
        "/editFriend/{id}": {
          "parameters": [{ "$ref": "#/components/parameters/id" }],
          "patch": {
            "operationId": "legacyEditFriend",
            "summary": "The original iOS client's update.",
            "parameters": [{ "$ref": "#/components/parameters/ifMatch" }],
            "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/FriendUpdate" } } } },
            "responses": {
              "200": { "$ref": "#/components/responses/Friend" },
              "400": { "$ref": "#/components/responses/Error" },
              "401": { "$ref": "#/components/responses/Error" },
              "404": { "$ref": "#/components/responses/Error" },
              "412": { "$ref": "#/components/responses/Error" },
              "413": { "$ref": "#/components/responses/Error" }
            }
          },
          "delete": {
            "operationId": "legacyDeleteFriend",
            "summary": "The original iOS client's delete; answers the removed friend.",
            "parameters": [{ "$ref": "#/components/parameters/ifMatch" }],
            "responses": {
              "200": { "$ref": "#/components/responses/Friend" },
              "400": { "$ref": "#/components/responses/Error" },
              "401": { "$ref": "#/components/responses/Error" },
              "404": { "$ref": "#/components/responses/Error" },
              "412": { "$ref": "#/components/responses/Error" }
            }
          }
        }
      },
      "components": {
        "securitySchemes": { "bearer": { "type": "http", "scheme": "bearer" } },
        "parameters": {
          "id": { "name": "id", "in": "path", "required": true, "schema": { "type": "integer", "format": "int64" } },
          "ifMatch": { "name": "If-Match", "in": "header", "description": "The ETag last seen; 412 when the friend changed since. '*' matches any existing friend.", "schema": { "type": "string" } }
        },
        "responses": {
          "Friend": {
            "description": "A friend.",
            "headers": { "ETag": { "schema": { "type": "string" } } },
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Friend" } } }
          },
          "CreatedFriend": {
            "description": "The created friend.",
            "headers": { "ETag": { "schema": { "type": "string" } }, "Location": { "schema": { "type": "string" } } },
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Friend" } } }
          },
          "Error": {
            "description": "An error; fields names every failed field.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/ErrorEnvelope" } } }
          }
        },
        "schemas": {
          "Friend": {
            "type": "object",
            "required": ["id", "firstname", "lastname", "phonenumber", "email", "about"],
            "properties": {
              "id": { "type": "integer", "format": "int64" },
              "firstname": { "type": "string", "maxLength": 100 },
              "lastname": { "type": "string", "maxLength": 100 },
              "phonenumber": { "type": "string" },
              "email": { "type": "string" },
              "about": { "type": "string", "maxLength": 2000 }
            }
          },
          "NewFriend": {
            "type": "object",
            "description": "Names required (trimmed, 1-100 characters, any script, no control characters); phonenumber empty or 3-20 digits with an optional leading + and spaces, dashes, dots or parentheses between; email empty or an address; about at most 2000 characters. Unknown fields are rejected; id is ignored.",
            "required": ["firstname", "lastname"],
            "properties": {
              "firstname": { "type": "string", "maxLength": 100 },
              "lastname": { "type": "string", "maxLength": 100 },
              "phonenumber": { "type": "string", "default": "" },
              "email": { "type": "string", "default": "" },
              "about": { "type": "string", "maxLength": 2000, "default": "" }
            }
          },
          "FriendUpdate": {
            "type": "object",
            "description": "Only the fields present change; the rules of NewFriend apply to them.",
            "properties": {
              "firstname": { "type": "string", "maxLength": 100 },
              "lastname": { "type": "string", "maxLength": 100 },
              "phonenumber": { "type": "string" },
              "email": { "type": "string" },
              "about": { "type": "string", "maxLength": 2000 }
            }
          },
          "FriendPage": {
            "type": "object",
            "required": ["items", "nextCursor"],
            "properties": {
              "items": { "type": "array", "items": { "$ref": "#/components/schemas/Friend" } },
              "nextCursor": { "type": "string", "nullable": true, "description": "Pass as cursor for the next page; null on the last page." }
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

import Foundation
import FriendsAPI

/// Each route's operation in the OpenAPI document, beside the route table that declares the route:
/// its `operationId` is the case name, its path and method are the table's. `OpenAPIDocument` adds
/// what every operation shares (`503`, and with a token `401` and the security).
extension FriendsEndpoint {
    var openAPIOperation: OpenAPIObject {
        var operation: OpenAPIObject = ["operationId": rawValue, "responses": openAPIResponses]
        if let summary = openAPISummary { operation["summary"] = summary }
        if let description = openAPIDescription { operation["description"] = description }
        if !openAPIParameters.isEmpty { operation["parameters"] = openAPIParameters }
        if let body = openAPIRequestBody { operation["requestBody"] = ["required": true, "content": body] as OpenAPIObject }
        return operation
    }

    private var openAPISummary: String? {
        switch self {
        case .listFriends:
            "One page of friends, sorted by last name (the organization for a friend known by that alone), first name, id (case- and accent-insensitive). With Accept: text/vcard, every friend matching q as one vCard file instead (no paging; streamed), each card as kept, or every one in 3.0 or 4.0 with Accept: text/vcard; version=3.0 (or 4.0). Contact groups that CardDAV clients keep are no friends: they are in neither."
        case .importFriends:
            "Adds or updates friends from vCards (2.1, 3.0, 4.0): a card whose UID is known updates that friend; the others are created. A card with the UID of an earlier card of the same file, or with two different UIDs, is reported in failed and not kept. Good cards are kept when others are bad. A contact group's card (KIND:group, X-ADDRESSBOOKSERVER-KIND:group) is kept for CardDAV clients and counted, but is no friend."
        case .friendEvents:
            "The live change feed as Server-Sent Events: one event per committed change to a friend, in order. Changes to the contact groups CardDAV clients keep are none (their sequence numbers are skipped); a friend made a group is deleted, a group made a friend created."
        case .getFriend: "A friend; with Accept: text/vcard, the friend's whole card as stored, or in 3.0 or 4.0 with Accept: text/vcard; version=3.0 (or 4.0), tagged \"<id>-<version>.v3.vcf\" (.v4.vcf)."
        case .updateFriend: "Changes the fields present in the body."
        case .getFriendAvatar: "The photo of the friend's card, or the friend's initials on a colour derived from the friend."
        case .legacyListFriends: "The original iOS client's list: every friend as a plain array."
        case .legacyAddFriend: "The original iOS client's create."
        case .legacyEditFriend: "The original iOS client's update."
        case .legacyDeleteFriend: "The original iOS client's delete; answers the removed friend."
        case .createFriend, .deleteFriend, .health, .openAPI: nil
        }
    }

    private var openAPIDescription: String? {
        switch self {
        case .importFriends:
            "The body is read as it arrives, one card at a time: at most 256 MiB in all, each card at most 8 MiB, a photo at most 4 MiB. A card without a UID gets one made of its bytes, so importing the same file again creates nothing."
        case .friendEvents:
            "Each event has 'id:' its change sequence number, 'event:' created, updated, deleted or reset, and one 'data:' line of JSON: the friend with its version for created and updated, {\"id\": N} for deleted, {} for reset. A reset means: reload, then follow from its id; it is sent when the position asked for is older than the kept history, and before the stream is closed when the client falls too far behind. A subscriber that gives no position first gets an event with only 'id:' (no event name, no data): where its stream starts; EventSource clients take it as their last event id without dispatching anything. Idle streams get a comment line every 10 seconds. Resume with Last-Event-ID (or ?after=) to get what was missed, then live changes; with follow=false the stream ends once what was missed is sent. The connection closes when the stream ends. The response's schema describes one event, as Server-Sent Events are read: an object of its fields."
        default: nil
        }
    }

    private var openAPIParameters: [OpenAPIObject] {
        switch self {
        case .listFriends: Self.listParameters + [OpenAPI.parameterRef("ifNoneMatch")]
        case .getFriend: [OpenAPI.parameterRef("ifMatch"), OpenAPI.parameterRef("ifNoneMatch")]
        case .updateFriend, .deleteFriend, .legacyEditFriend, .legacyDeleteFriend:
            [OpenAPI.parameterRef("ifMatch"), OpenAPI.parameterRef("changeIfNoneMatch")]
        case .getFriendAvatar: [["name": "If-None-Match", "in": "header", "schema": OpenAPI.string()]]
        case .friendEvents: Self.eventParameters
        case .createFriend, .importFriends, .health, .openAPI, .legacyListFriends, .legacyAddFriend: []
        }
    }

    /// The body's content by media type; `nil` without a body.
    private var openAPIRequestBody: OpenAPIObject? {
        switch self {
        case .createFriend, .legacyAddFriend:
            OpenAPI.content("application/json", schema: OpenAPI.schemaRef("NewFriend"), example: OpenAPIExamples.newFriend)
        case .updateFriend, .legacyEditFriend:
            OpenAPI.content("application/json", schema: OpenAPI.schemaRef("FriendUpdate"), example: OpenAPIExamples.update)
        case .importFriends:
            OpenAPI.content("text/vcard", schema: OpenAPI.string(["pattern": "(^|\\n)BEGIN:VCARD\\r?\\n"]), example: OpenAPIExamples.importedCard)
        default: nil
        }
    }

    private var openAPIResponses: OpenAPIObject {
        switch self {
        case .listFriends:
            OpenAPI.errors(400).adding(["200": Self.pageResponse, "304": OpenAPI.responseRef("NotModified")])
        case .createFriend:
            OpenAPI.errors(400, 413, 415).adding(["201": OpenAPI.responseRef("CreatedFriend"), "408": OpenAPI.responseRef("BodyTimeout")])
        case .legacyAddFriend:
            OpenAPI.errors(400, 413, 415).adding(["201": OpenAPI.responseRef("LegacyCreatedFriend"), "408": OpenAPI.responseRef("BodyTimeout")])
        case .importFriends:
            OpenAPI.errors(400, 413, 415).adding(["200": Self.importResponse, "408": OpenAPI.responseRef("BodyTimeout")])
        case .friendEvents:
            OpenAPI.errors(400).adding(["200": Self.eventsResponse])
        case .getFriend:
            OpenAPI.errors(400, 404, 412).adding(["200": Self.friendWithCardResponse, "304": OpenAPI.responseRef("NotModified")])
        case .updateFriend:
            OpenAPI.errors(400, 404, 412, 413, 415).adding(["200": OpenAPI.responseRef("Friend"), "408": OpenAPI.responseRef("BodyTimeout")])
        case .legacyEditFriend:
            OpenAPI.errors(400, 404, 412, 413, 415).adding(["200": OpenAPI.responseRef("LegacyFriend"), "408": OpenAPI.responseRef("BodyTimeout")])
        case .deleteFriend:
            OpenAPI.errors(400, 404, 412).adding(["204": ["description": "Removed."] as OpenAPIObject])
        case .legacyDeleteFriend:
            OpenAPI.errors(400, 404, 412).adding(["200": OpenAPI.responseRef("LegacyFriend")])
        case .getFriendAvatar:
            OpenAPI.errors(400, 404).adding(["200": Self.avatarResponse, "304": Self.avatarNotModified])
        case .health:
            ["200": Self.healthResponse]
        case .openAPI:
            ["200": Self.documentResponse]
        case .legacyListFriends:
            ["200": Self.legacyListResponse]
        }
    }
}

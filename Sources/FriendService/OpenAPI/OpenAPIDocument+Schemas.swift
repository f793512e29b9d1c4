import FriendsAPI

/// The schemas of the wire types. A friend's body fields, with the server's rules, come from
/// `FriendValidation` (`OpenAPIDocument+Fields`); these describe what the server sends.
extension OpenAPIDocument {
    static var schemas: OpenAPIObject {
        [
            "FriendEvent": friendEvent, "VersionedFriend": versionedFriend, "LabeledValue": labeledValue,
            "PostalAddress": postalAddress, "ImportReport": importReport, "DeletedFriend": deletedFriend,
            "Friend": friend, "NewFriend": newFriend, "FriendUpdate": friendUpdate, "FriendPage": friendPage,
            "HealthStatus": object(["status": OpenAPI.string(), "database": OpenAPI.string()], required: ["status", "database"]),
            "ErrorEnvelope": errorEnvelope,
        ]
    }

    private static func object(_ properties: OpenAPIObject, required: [String]) -> OpenAPIObject {
        ["type": "object", "required": required, "properties": properties]
    }

    /// Every field a friend has on the wire; the seed's six first, which every route sends.
    private static var friend: OpenAPIObject {
        let string = OpenAPI.string()
        let described = OpenAPI.described
        let properties: OpenAPIObject = [
            "id": OpenAPI.int64,
            "firstname": described(string, "N's given name, or FN when N has no name; for a card with no name nor ORG, its NICKNAME, first e-mail or number, else \"No Name\"."),
            "lastname": described(string, "N's family name."),
            "phonenumber": described(string, "The preferred TEL (TYPE=pref, or the lowest PREF), else the first."),
            "email": described(string, "The preferred EMAIL, likewise."),
            "about": described(string, "NOTE."),
            "organization": described(string, "The first component of ORG. Sent on the /friends routes only, as every field below but version."),
            "phones": described(OpenAPI.array(of: OpenAPI.schemaRef("LabeledValue")), "Every TEL, the preferred one first."),
            "emails": described(OpenAPI.array(of: OpenAPI.schemaRef("LabeledValue")), "Every EMAIL, the preferred one first."),
            "addresses": OpenAPI.array(of: OpenAPI.schemaRef("PostalAddress")),
            "birthday": described(
                OpenAPI.string(["pattern": "^$|^[0-9]{4}-[0-9]{2}-[0-9]{2}$|^--[0-9]{2}-[0-9]{2}$"]),
                "BDAY: 1815-12-10, --12-10 without the year, or empty."
            ),
            "photo": described(["type": "boolean"], "Whether the card holds a picture; GET /friends/{id}/avatar serves it."),
            "uid": described(string, "The card's UID."),
            "version": described(OpenAPI.int64.adding(["minimum": 1]), "Sent on the /friends routes only; grows with every change. The ETag is \"<id>-<version>\"."),
        ]
        return object(properties, required: ["id", "firstname", "lastname", "phonenumber", "email", "about"])
    }

    private static var versionedFriend: OpenAPIObject {
        let details: OpenAPIObject = ["required": ["version", "organization", "phones", "emails", "addresses", "birthday", "photo", "uid"]]
        return [
            "description": "A friend as the /friends routes send it, with its version and the contact's other details.",
            "allOf": [OpenAPI.schemaRef("Friend"), details],
        ]
    }

    private static var labeledValue: OpenAPIObject {
        let label = OpenAPI.described(OpenAPI.string(), "From the card's TYPE (CELL reads as mobile) or X-ABLabel; may be empty.")
        return object(["label": label, "value": OpenAPI.string()], required: ["label", "value"])
    }

    private static var postalAddress: OpenAPIObject {
        let parts = ["label", "street", "city", "region", "postcode", "country"]
        var properties: OpenAPIObject = [:]
        for part in parts { properties[part] = OpenAPI.string() }
        return object(properties, required: parts)
    }

    private static var importReport: OpenAPIObject {
        let count: OpenAPIObject = ["type": "integer", "minimum": 0]
        let failure = object([
            "index": OpenAPI.described(["type": "integer", "minimum": 1], "The card's position in the body, from 1."),
            "name": OpenAPI.described(OpenAPI.string(), "The card's FN, when it could be read."),
            "reason": OpenAPI.string(),
        ], required: ["index", "name", "reason"])
        let remark = object([
            "index": OpenAPI.described(["type": "integer", "minimum": 1], "The card's position in the body, from 1."),
            "name": OpenAPI.described(OpenAPI.string(), "The card's FN."),
            "remark": OpenAPI.string(),
        ], required: ["index", "name", "remark"])
        let groups = OpenAPI.described(
            object(["created": count, "updated": count, "unchanged": count], required: ["created", "updated", "unchanged"]),
            "Group cards (KIND:group, X-ADDRESSBOOKSERVER-KIND:group), kept for contact apps; they are no friends, so not in created, updated and unchanged."
        )
        let properties: OpenAPIObject = [
            "created": OpenAPI.described(count, "Friends made from a card."),
            "updated": OpenAPI.described(count, "Friends changed by a card with their UID."),
            "unchanged": OpenAPI.described(count, "Friends a card with their UID left as they were."),
            "groups": groups, "failed": OpenAPI.array(of: failure),
            "remarks": OpenAPI.described(
                OpenAPI.array(of: remark),
                "Cards kept with something their friend does not show: one naming nobody (shown as \"No Name\"), a birthday that is not a date, a photo that cannot be served. The card keeps it."
            ),
        ]
        return object(properties, required: ["created", "updated", "unchanged", "groups", "failed", "remarks"])
    }

    private static var deletedFriend: OpenAPIObject {
        object(["id": OpenAPI.int64], required: ["id"]).adding(["additionalProperties": false])
    }

    private static var friendPage: OpenAPIObject {
        let properties: OpenAPIObject = [
            "items": OpenAPI.array(of: OpenAPI.schemaRef("Friend")),
            "nextCursor": OpenAPI.described(OpenAPI.string(["nullable": true]), "Pass as cursor for the next page; null on the last page."),
            "total": OpenAPI.described(
                ["type": "integer", "minimum": 0],
                "How many friends match q in all; sent with the first page only (no cursor), and for a search only when at most 1000 friends match."
            ),
        ]
        return object(properties, required: ["items", "nextCursor"])
    }

    private static var errorEnvelope: OpenAPIObject {
        let fields: OpenAPIObject = ["type": "object", "additionalProperties": OpenAPI.string()]
        let error = object(["message": OpenAPI.string(), "fields": fields], required: ["message", "fields"])
        return object(["error": error], required: ["error"])
    }

    /// One Server-Sent Event, as its fields; what `data` holds depends on the event.
    private static var friendEvent: OpenAPIObject {
        func variant(_ events: [String], _ data: OpenAPIObject) -> OpenAPIObject {
            // OpenAPI 3.0 has no keywords for JSON inside a string (3.1's `contentSchema`): said as extensions.
            let payload: OpenAPIObject = ["x-contentMediaType": "application/json", "x-contentSchema": data]
            return ["required": ["event", "data"], "properties": ["event": ["enum": events], "data": payload] as OpenAPIObject]
        }
        // What a new stream sends first: only the position it starts after.
        let position: OpenAPIObject = ["required": ["id"], "properties": ["event": ["not": OpenAPIObject()], "data": ["not": OpenAPIObject()]] as OpenAPIObject]
        let emptyObject: OpenAPIObject = ["type": "object", "additionalProperties": false]
        let properties: OpenAPIObject = [
            "id": OpenAPI.described(OpenAPI.string(["pattern": "^[0-9]+$"]), "The change sequence number."),
            "event": OpenAPI.string(["enum": ["created", "updated", "deleted", "reset"]]),
            "data": OpenAPI.string(),
            "retry": ["type": "integer"],
        ]
        let fields: OpenAPIObject = ["type": "object", "properties": properties]
        return fields.adding([
            "description": "One Server-Sent Event of the live feed, as its fields; data is JSON whose shape depends on the event. A new stream starts with an event of only an id, the position it starts after.",
            "oneOf": [
                variant(["created", "updated"], OpenAPI.schemaRef("VersionedFriend")),
                variant(["deleted"], OpenAPI.schemaRef("DeletedFriend")),
                variant(["reset"], emptyObject),
                position,
            ],
        ])
    }

    private static var newFriend: OpenAPIObject {
        [
            "type": "object", "additionalProperties": false,
            "description": "A friend needs a first name, a last name or an organization (not blank); names have no control characters, any script. The friend is stored as a vCard 3.0 card with a new UID. White space around a value is removed before it is stored. Lengths count Unicode code points of the value as sent. Unknown fields are rejected; id, version, photo and uid are ignored.",
            "properties": fieldProperties,
            // Something to be called by: one of the three names, not blank.
            "anyOf": ["firstname", "lastname", "organization"].map { name -> OpenAPIObject in
                ["required": [name], "properties": [name: OpenAPI.string(["pattern": FriendValidation.Pattern.presentName])]]
            },
        ]
    }

    private static var friendUpdate: OpenAPIObject {
        [
            "type": "object", "additionalProperties": false,
            "description": "Only the fields present change, in the friend's card in place (the preferred TEL keeps its TYPEs, FN follows the names, everything else stays as it was); the rules of NewFriend apply to them, and the friend must keep a first name, a last name or an organization. Unknown fields are rejected; id, version, photo and uid are ignored.",
            "properties": fieldProperties,
        ]
    }
}

/// The examples of the OpenAPI document: one friend, Ada, in every shape the API sends or takes.
enum OpenAPIExamples {
    /// Ada as the /friends routes send her, with every detail of her card.
    static var friend: OpenAPIObject {
        let phones: [OpenAPIObject] = [
            ["label": "mobile", "value": "+44 20 7946 0018"],
            ["label": "Ski cabin", "value": "*155*181#"],
        ]
        let home: OpenAPIObject = [
            "label": "home", "street": "12 St James's Square", "city": "London", "region": "", "postcode": "SW1Y 4JH",
            "country": "United Kingdom",
        ]
        let details: OpenAPIObject = [
            "version": 2, "organization": "Analytical Engines", "phones": phones,
            "emails": [["label": "", "value": "ada@example.com"]] as [OpenAPIObject], "addresses": [home],
            "birthday": "--12-10", "photo": false, "uid": "8F3A1C2E-7B1D-4C8E-9E0A-5D2B1F6C3A10",
        ]
        return legacyFriend.adding(details)
    }

    /// Ada as the original client's routes send her: the seed's six fields.
    static var legacyFriend: OpenAPIObject {
        [
            "id": 1, "firstname": "Ada", "lastname": "Lovelace", "phonenumber": "+44 20 7946 0018",
            "email": "ada@example.com", "about": "Wrote the first program.",
        ]
    }

    /// Ada as a client sends her to be added.
    static var newFriend: OpenAPIObject {
        [
            "firstname": "Ada", "lastname": "Lovelace", "phonenumber": "+44 20 7946 0018",
            "email": "ada@example.com", "about": "Wrote the first program.",
        ]
    }

    static var update: OpenAPIObject {
        ["about": "First programmer."]
    }

    static let shortCard = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:8F3A1C2E\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r\n"
    static let storedCard = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:8F3A1C2E-7B1D-4C8E-9E0A-5D2B1F6C3A10\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nTEL;TYPE=CELL,pref:+44 20 7946 0018\r\nEND:VCARD\r\n"
    static let importedCard = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r\n"

    static var importReport: OpenAPIObject {
        let failed: OpenAPIObject = ["index": 7, "name": "Grace Hopper", "reason": "The card ends without END:VCARD."]
        return ["created": 41, "updated": 2, "unchanged": 0, "groups": ["created": 1, "updated": 0, "unchanged": 0], "failed": [failed]]
    }

    /// `id: 7`, `event: updated`, `data: {…}` on the wire, as the fields `FriendEvent` describes:
    /// the data is the whole friend with its version, on one line, as `friend` is.
    static var event: OpenAPIObject {
        ["id": "7", "event": "updated", "data": OpenAPIJSONWriter.line(friend)]
    }

    static var error: OpenAPIObject {
        let fields: OpenAPIObject = ["email": "Email must be empty or an address like name@example.com."]
        return ["error": ["message": "Some fields are not valid.", "fields": fields] as OpenAPIObject]
    }

    /// The envelope with `message` alone, as the errors that name no field send it.
    static func error(_ message: String) -> OpenAPIObject {
        ["error": ["message": message] as OpenAPIObject]
    }
}

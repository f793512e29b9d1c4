import FriendsAPI

extension OpenAPIDocument {
    /// The body fields of `NewFriend` and `FriendUpdate`, with the lengths and patterns the server enforces.
    static var fieldProperties: OpenAPIObject {
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
}

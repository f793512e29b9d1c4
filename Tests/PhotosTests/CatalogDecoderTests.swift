import Foundation
import Testing
@testable import Photos

@Suite("Decoding a catalog")
struct CatalogDecoderTests {
    private func decode(_ json: String) throws(CatalogError) -> [Photo] {
        try CatalogDecoder().decode(Data(json.utf8), file: "catalog.json")
    }

    private func decodingError(_ json: String) -> CatalogError? {
        do {
            _ = try decode(json)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsTheArticlesOwnShapeIgnoringFieldsTheAppDoesNotUse() throws {
        let photos = try decode(OriginalShapeCatalog.json)

        #expect(photos.map(\.id) == [330200335, 330200211, 330200149, 330199957])
        let first = photos[0]
        #expect(first.name == "river.street")
        #expect(first.description == "walking along the river")
        #expect(first.camera == nil)
        #expect(first.isForSale)
        #expect(first.createdAt == Date(timeIntervalSince1970: 1_506_867_811))  // 14:23:31 UTC
        #expect(first.creationTimeZone.secondsFromGMT() == -4 * 3600)
        #expect(first.imageURL.absoluteString
            == "https://images.example.com/photo/330200335/w%3D280_h%3D280/v2?client_application_id=11&sig=87c3")
    }

    @Test func keepsNullAndEmptyCameraAndDescriptionAsTheCatalogHasThem() throws {
        let photos = try decode(OriginalShapeCatalog.json)

        #expect(photos.map(\.camera) == [nil, "NIKON D500", "Canon EOS 5D Mark II", ""])
        #expect(photos.map(\.description) == [
            "walking along the river", nil,
            "Elsewhere: \n<a href=\"https://example.com/inst\">Inst</a> | <a href=\"https://example.com/vk\">VK</a>", "",
        ])
        #expect(photos.map(\.isForSale) == [true, false, true, true])
    }

    @Test func treatsAbsentOptionalFieldsLikeNull() throws {
        let photos = try decode("""
            {"pictures": [{"id": 7, "name": "Bare", "created_at": "2024-01-02T03:04:05Z",
                           "image_url": "https://example.com/7.jpg", "for_sale": false}]}
            """)

        #expect(photos.count == 1)
        #expect(photos[0].description == nil)
        #expect(photos[0].camera == nil)
        #expect(photos[0].creationTimeZone.secondsFromGMT() == 0)
    }

    @Test func readsAnEmptyCatalog() throws {
        #expect(try decode(#"{"pictures": []}"#).isEmpty)
    }

    @Test func refusesTwoPicturesOfOneIdNamingTheSecond() {
        let picture = #"{"id": 2, "name": "B", "created_at": "2024-01-02T03:04:05Z", "image_url": "https://example.com/2", "for_sale": true}"#
        let error = decodingError(#"{"pictures": [\#(picture), \#(picture)]}"#)

        #expect(error?.description == #"catalog.json, pictures[1] (id 2): "id" is the id of an earlier picture too."#)
    }

    @Test func namesTheEntryTheIdAndTheMissingField() {
        let error = decodingError("""
            {"pictures": [
              {"id": 1, "name": "A", "created_at": "2024-01-02T03:04:05Z", "image_url": "https://example.com/1", "for_sale": true},
              {"id": 2, "name": "B", "image_url": "https://example.com/2", "for_sale": true}
            ]}
            """)

        #expect(error == .invalidPicture(file: "catalog.json", index: 1, id: 2, field: "created_at", problem: "is missing"))
        #expect(error?.description == #"catalog.json, pictures[1] (id 2): "created_at" is missing."#)
    }

    @Test func namesAFieldOfTheWrongType() {
        let error = decodingError("""
            {"pictures": [{"id": 3, "name": "C", "created_at": "2024-01-02T03:04:05Z",
                           "image_url": "https://example.com/3", "for_sale": "yes"}]}
            """)

        #expect(error?.description == #"catalog.json, pictures[0] (id 3): "for_sale" must be true or false."#)
    }

    @Test func namesARequiredFieldThatIsNull() {
        let error = decodingError("""
            {"pictures": [{"id": 4, "name": null, "created_at": "2024-01-02T03:04:05Z",
                           "image_url": "https://example.com/4", "for_sale": false}]}
            """)

        #expect(error?.description == #"catalog.json, pictures[0] (id 4): "name" must be a string, not null."#)
    }

    @Test func leavesOutTheIdWhenTheIdItselfIsBad() {
        let error = decodingError("""
            {"pictures": [{"id": "five", "name": "E", "created_at": "2024-01-02T03:04:05Z",
                           "image_url": "https://example.com/5", "for_sale": false}]}
            """)

        #expect(error?.description == #"catalog.json, pictures[0]: "id" must be a whole number."#)
    }

    @Test(arguments: ["yesterday", "2017-10-01", "2017-10-01T10:23:31", "2017-13-01T10:23:31-04:00"])
    func rejectsACreationDateThatIsNotISO8601WithAnOffset(_ text: String) {
        let error = decodingError("""
            {"pictures": [{"id": 6, "name": "F", "created_at": "\(text)",
                           "image_url": "https://example.com/6", "for_sale": false}]}
            """)

        #expect(error?.description == """
            catalog.json, pictures[0] (id 6): "created_at" must be an ISO 8601 date and time with a UTC offset, \
            like 2017-10-01T10:23:31-04:00; found "\(text)".
            """)
    }

    @Test func rejectsAnImageURLThatIsNotAnAbsoluteURL() {
        let error = decodingError("""
            {"pictures": [{"id": 8, "name": "H", "created_at": "2024-01-02T03:04:05Z",
                           "image_url": "photos/8.jpg", "for_sale": false}]}
            """)

        #expect(error?.description == #"catalog.json, pictures[0] (id 8): "image_url" must be an absolute URL; found "photos/8.jpg"."#)
    }

    @Test func saysWhenAnEntryIsNotAnObject() {
        let error = decodingError(#"{"pictures": [42]}"#)

        #expect(error?.description == "catalog.json, pictures[0]: must be a JSON object.")
    }

    @Test func saysWhereTheJSONIsMalformed() {
        let error = decodingError("{\n  \"pictures\": [\n    {\"id\": 1,, }\n  ]\n}")

        #expect(error == .invalidJSON(file: "catalog.json", detail: "Invalid value around line 3, column 14"))
        #expect(error?.description == "catalog.json is not valid JSON: Invalid value around line 3, column 14.")
    }

    @Test func saysWhenTheFileIsEmpty() {
        guard case .invalidJSON(file: "catalog.json", let detail) = decodingError("") else {
            Issue.record("an empty file should be invalid JSON")
            return
        }
        #expect(!detail.isEmpty)
    }

    @Test func saysWhenThePicturesArrayIsMissing() {
        #expect(decodingError(#"{"photos": []}"#)?.description
            == #"catalog.json is not a photo catalog: "pictures" is missing."#)
    }

    @Test func saysWhenPicturesIsNotAnArray() {
        #expect(decodingError(#"{"pictures": {"id": 1}}"#)?.description
            == #"catalog.json is not a photo catalog: "pictures" must be an array."#)
    }

    @Test func saysWhenTheTopLevelIsNotAnObject() {
        #expect(decodingError("[]")?.description
            == #"catalog.json is not a photo catalog: the top level must be a JSON object with a "pictures" array."#)
    }
}

import Testing
@testable import Photos

@Suite("What a row and the detail show")
struct PhotoDisplayTests {
    @Test(arguments: [
        ("Nikon Z6", "Salt and sky", "Nikon Z6 - Salt and sky"),
        ("Nikon Z6", nil, "Nikon Z6"),
        ("Nikon Z6", "", "Nikon Z6"),
        (nil, "Salt and sky", "Salt and sky"),
        ("", "Salt and sky", "Salt and sky"),
        ("  ", " \n ", ""),
        (nil, nil, ""),
        ("Canon", "Line one\nline  two", "Canon - Line one line two"),
    ] as [(String?, String?, String)])
    func descriptionLineJoinsCameraAndDescriptionLeavingOutWhatIsMissing(
        camera: String?, description: String?, expected: String
    ) {
        let cell = PhotoCellViewModel(.fixture(description: description, camera: camera))

        #expect(cell.descriptionText == expected)
    }

    @Test(arguments: [
        ("2024-05-02T05:48:10+02:00", "2024-05-02"),
        // Late evening west of UTC: already the next day in UTC, still this day for the photographer.
        ("2017-10-01T23:30:00-04:00", "2017-10-01"),
        // Just past midnight east of UTC: still the previous day in UTC.
        ("2017-10-02T00:15:00+09:00", "2017-10-02"),
        ("2024-12-31T23:59:59-10:00", "2024-12-31"),
        ("2024-03-01T00:00:00Z", "2024-03-01"),
    ])
    func dateIsTheDayOnThePicturesOwnClock(createdAt: String, expected: String) {
        #expect(PhotoCellViewModel(.fixture(createdAt: createdAt)).dateText == expected)
        #expect(PhotoDetailViewModel(.fixture(createdAt: createdAt)).dateText == expected)
    }

    @Test func cellShowsTitleDescriptionDateAndImage() {
        let cell = PhotoCellViewModel(.fixture(id: 9, name: "Harbour", description: "Boats", camera: "X-T4", isForSale: true))

        #expect(cell == PhotoCellViewModel(
            id: 9, titleText: "Harbour", descriptionText: "X-T4 - Boats", dateText: "2024-05-02",
            imageURLText: "https://images.example.com/photos/9.jpg", isForSale: true
        ))
    }

    @Test func detailShowsEverythingAboutAPictureForSale() {
        let detail = PhotoDetailViewModel(.fixture(id: 9, name: "Harbour", description: "Boats\nat dawn", camera: "X-T4", isForSale: true))

        #expect(detail.titleText == "Harbour")
        #expect(detail.descriptionText == "Boats\nat dawn")
        #expect(detail.cameraText == "X-T4")
        #expect(detail.dateText == "2024-05-02")
        #expect(detail.priceText == "For sale")
        #expect(detail.imageURLText == "https://images.example.com/photos/9.jpg")
    }

    @Test func detailFillsInWhatIsMissing() {
        let detail = PhotoDetailViewModel(.fixture(description: nil, camera: " ", isForSale: false))

        #expect(detail.descriptionText == "")
        #expect(detail.cameraText == "Unknown camera")
        #expect(detail.priceText == "Not for sale")
    }
}

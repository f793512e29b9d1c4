import Foundation
@testable import Photos

extension Photo {
    /// A photo for tests; `createdAt` is catalog text, so the offset is part of the fixture.
    static func fixture(
        id: Int = 1,
        name: String = "Harbour",
        description: String? = "Boats at dawn",
        camera: String? = "Fujifilm X-T4",
        createdAt: String = "2024-05-02T05:48:10+02:00",
        isForSale: Bool = false
    ) -> Photo {
        let timestamp = OffsetTimestamp(iso8601: createdAt)!
        return Photo(
            id: id,
            name: name,
            description: description,
            createdAt: timestamp.date,
            creationTimeZone: timestamp.timeZone,
            imageURL: URL(string: "https://images.example.com/photos/\(id).jpg")!,
            isForSale: isForSale,
            camera: camera
        )
    }
}

import Foundation
import Photos

enum SamplePhotos {
    static func photo(
        _ id: Int, _ name: String, description: String?, camera: String?,
        createdAt secondsSince1970: TimeInterval, offsetHours: Int, isForSale: Bool
    ) -> Photo {
        Photo(
            id: id, name: name, description: description,
            createdAt: Date(timeIntervalSince1970: secondsSince1970),
            creationTimeZone: TimeZone(secondsFromGMT: offsetHours * 3600)!,
            imageURL: URL(string: "https://images.example.com/photos/\(id)/w280.jpg")!,
            isForSale: isForSale, camera: camera
        )
    }

    /// 2024-05-02 03:48:10 UTC.
    static let may2 = 1_714_621_690.0
    static let day = 86_400.0

    static let all: [Photo] = [
        photo(1001, "Harbour at First Light", description: "Fishing boats waiting for the tide", camera: "Fujifilm X-T4",
              createdAt: may2, offsetHours: 2, isForSale: true),
        photo(1002, "Salt Flats", description: nil, camera: "Nikon Z6",
              createdAt: may2 - day, offsetHours: -6, isForSale: false),
        photo(1003, "Quiet Library", description: "Reading room, late afternoon", camera: nil,
              createdAt: may2 - 2 * day, offsetHours: 1, isForSale: true),
        photo(1004, "Untitled", description: "", camera: "",
              createdAt: may2 - 3 * day, offsetHours: 0, isForSale: false),
        photo(1006, "京都の朝", description: "Morning mist over the temple roofs", camera: "Canon EOS R6",
              createdAt: may2 - 4 * day, offsetHours: 9, isForSale: false),
        photo(1007, "Lighthouse Keeper's Cat", description: "Asleep on the\nwarm lamp housing", camera: "Olympus OM-D E-M10",
              createdAt: may2 - 5 * day, offsetHours: 10, isForSale: true),
    ]
}

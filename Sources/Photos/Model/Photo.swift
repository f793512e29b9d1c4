import Foundation

/// One picture of the catalog, as the article's `pictures` entries describe it.
///
/// Only the fields the app shows are kept; the many other fields of the original
/// catalog are ignored when decoding.
public struct Photo: Sendable, Equatable, Identifiable {
    public let id: Int
    public let name: String
    /// `nil` when the catalog has no description (absent or `null`); may be empty.
    public let description: String?
    public let createdAt: Date
    /// The UTC offset `created_at` was written with: the photographer's local time.
    public let creationTimeZone: TimeZone
    public let imageURL: URL
    public let isForSale: Bool
    /// `nil` when the catalog has no camera (absent or `null`); may be empty.
    public let camera: String?

    public init(
        id: Int,
        name: String,
        description: String?,
        createdAt: Date,
        creationTimeZone: TimeZone,
        imageURL: URL,
        isForSale: Bool,
        camera: String?
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.createdAt = createdAt
        self.creationTimeZone = creationTimeZone
        self.imageURL = imageURL
        self.isForSale = isForSale
        self.camera = camera
    }
}

extension Photo: Decodable {
    enum CodingKeys: String, CodingKey {
        case id, name, description, camera
        case createdAt = "created_at"
        case imageURL = "image_url"
        case isForSale = "for_sale"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        camera = try container.decodeIfPresent(String.self, forKey: .camera)
        isForSale = try container.decode(Bool.self, forKey: .isForSale)

        let createdAtText = try container.decode(String.self, forKey: .createdAt)
        guard let timestamp = OffsetTimestamp(iso8601: createdAtText) else {
            throw DecodingError.dataCorruptedError(
                forKey: .createdAt, in: container,
                debugDescription: "must be an ISO 8601 date and time with a UTC offset, "
                    + "like 2017-10-01T10:23:31-04:00; found \"\(createdAtText)\""
            )
        }
        createdAt = timestamp.date
        creationTimeZone = timestamp.timeZone

        let imageURLText = try container.decode(String.self, forKey: .imageURL)
        guard let url = URL(string: imageURLText), url.scheme != nil else {
            throw DecodingError.dataCorruptedError(
                forKey: .imageURL, in: container,
                debugDescription: "must be an absolute URL; found \"\(imageURLText)\""
            )
        }
        imageURL = url
    }
}

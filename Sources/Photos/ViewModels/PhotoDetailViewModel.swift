/// What the detail screen of a picture shows. An inert value built from one `Photo`.
public struct PhotoDetailViewModel: Sendable, Equatable {
    public let titleText: String
    /// The full description; empty when there is none.
    public let descriptionText: String
    /// The camera, or "Unknown camera".
    public let cameraText: String
    public let dateText: String
    public let priceText: String
    public let imageURLText: String

    public init(_ photo: Photo) {
        titleText = photo.name
        descriptionText = photo.descriptionText.trimmedNonEmpty ?? ""
        cameraText = photo.camera.trimmedNonEmpty ?? "Unknown camera"
        dateText = photo.dayText
        priceText = photo.isForSale ? "For sale" : "Not for sale"
        imageURLText = photo.imageURL.absoluteString
    }
}

/// What one row of the photo list shows. An inert value: the view never sees the `Photo`.
public struct PhotoCellViewModel: Sendable, Equatable, Identifiable {
    public let id: Int
    public let titleText: String
    /// "camera - description", leaving out whichever is missing or empty.
    public let descriptionText: String
    /// "yyyy-MM-dd", the day as the picture's own UTC offset shows it.
    public let dateText: String
    public let imageURLText: String
    public let isForSale: Bool

    public init(id: Int, titleText: String, descriptionText: String, dateText: String, imageURLText: String, isForSale: Bool) {
        self.id = id
        self.titleText = titleText
        self.descriptionText = descriptionText
        self.dateText = dateText
        self.imageURLText = imageURLText
        self.isForSale = isForSale
    }

    public init(_ photo: Photo) {
        self.init(
            id: photo.id,
            titleText: photo.name,
            descriptionText: photo.descriptionLine,
            dateText: photo.dayText,
            imageURLText: photo.imageURL.absoluteString,
            isForSale: photo.isForSale
        )
    }
}

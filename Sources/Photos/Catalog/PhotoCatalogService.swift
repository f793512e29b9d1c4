/// Where the photo list gets its pictures: the article's `APIService` role.
public protocol PhotoCatalogService: Sendable {
    func fetchPopularPhotos() async throws(CatalogError) -> [Photo]
}

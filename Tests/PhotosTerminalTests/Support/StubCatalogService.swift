import Foundation
import Photos

/// A catalog that answers at once with fixed pictures or a fixed failure.
struct StubCatalogService: PhotoCatalogService {
    var result: Result<[Photo], CatalogError>

    func fetchPopularPhotos() async throws(CatalogError) -> [Photo] {
        try result.get()
    }
}

/// A catalog that never answers until the test ends (to show the loading state).
struct PendingCatalogService: PhotoCatalogService {
    func fetchPopularPhotos() async throws(CatalogError) -> [Photo] {
        try? await Task.sleep(for: .seconds(3600))
        return []
    }
}

/// Answers with fixed pictures and counts how often it was asked.
actor CountingCatalogService: PhotoCatalogService {
    private(set) var fetchCount = 0
    let photos: [Photo]

    init(photos: [Photo]) {
        self.photos = photos
    }

    func fetchPopularPhotos() async throws(CatalogError) -> [Photo] {
        fetchCount += 1
        return photos
    }
}

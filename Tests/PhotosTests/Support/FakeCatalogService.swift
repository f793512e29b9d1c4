@testable import Photos

/// A catalog service that answers with a fixed result and counts how often it was asked.
/// `whileFetching` runs before it answers, so a test can look at the screen mid-load.
actor FakeCatalogService: PhotoCatalogService {
    private(set) var fetchCount = 0
    private let result: Result<[Photo], CatalogError>
    private let whileFetching: @Sendable () async -> Void

    init(_ result: Result<[Photo], CatalogError>, whileFetching: @escaping @Sendable () async -> Void = {}) {
        self.result = result
        self.whileFetching = whileFetching
    }

    init(photos: [Photo]) {
        self.init(.success(photos))
    }

    func fetchPopularPhotos() async throws(CatalogError) -> [Photo] {
        fetchCount += 1
        await whileFetching()
        return try result.get()
    }
}

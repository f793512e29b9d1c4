import Foundation

/// Reads the catalog from a JSON file: the one shipped with the app or one the user names.
/// An optional latency, slept on an injected clock, makes the loading state visible
/// the way a network would.
public struct FileCatalogService: PhotoCatalogService {
    public enum Location: Sendable, Equatable {
        /// The sample catalog bundled with this module.
        case bundled
        /// A path as the user gave it; relative paths are resolved against the working directory.
        case file(path: String)
    }

    public let location: Location
    public let latency: Duration
    private let clock: any Clock<Duration>

    public init(location: Location = .bundled, latency: Duration = .zero, clock: any Clock<Duration> = ContinuousClock()) {
        self.location = location
        self.latency = latency
        self.clock = clock
    }

    public func fetchPopularPhotos() async throws(CatalogError) -> [Photo] {
        if latency > .zero {
            // Only cancellation ends the sleep early; the catalog is still read then.
            try? await clock.sleep(for: latency)
        }
        let (url, file) = try resolve()
        return try CatalogDecoder().decode(try read(url, file: file), file: file)
    }

    private func resolve() throws(CatalogError) -> (url: URL, file: String) {
        switch location {
        case .bundled:
            let name = "catalog.json (built in)"
            guard let url = Bundle.module.url(forResource: "catalog", withExtension: "json") else {
                throw .fileNotFound(file: name)
            }
            return (url, name)
        case .file(let path):
            return (URL(fileURLWithPath: path), path)
        }
    }

    private func read(_ url: URL, file: String) throws(CatalogError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .fileNotFound(file: file)
        }
        guard !isDirectory.boolValue else { throw .unreadable(file: file, reason: "it is a directory") }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .unreadable(file: file, reason: error.localizedDescription)
        }
    }
}

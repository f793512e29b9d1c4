import Clocks
import Foundation
import Testing
@testable import Photos

@Suite("Reading the catalog from a file")
struct FileCatalogServiceTests {
    /// A scratch directory of this test's own, removed when the test ends.
    private final class ScratchDirectory {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("PhotosTests-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }

        func write(_ text: String, to name: String) throws -> String {
            let file = url.appendingPathComponent(name)
            try Data(text.utf8).write(to: file)
            return file.path
        }
    }

    private func fetchError(_ service: FileCatalogService) async -> CatalogError? {
        do {
            _ = try await service.fetchPopularPhotos()
            return nil
        } catch {
            return error
        }
    }

    @Test func theBuiltInCatalogHasOverTwentyPicturesWithEveryKindOfGap() async throws {
        let photos = try await FileCatalogService().fetchPopularPhotos()

        #expect(photos.count >= 20)
        #expect(Set(photos.map(\.id)).count == photos.count, "ids are unique")
        #expect(photos.contains { $0.isForSale } && photos.contains { !$0.isForSale })
        #expect(photos.contains { $0.camera == nil } && photos.contains { $0.camera == "" })
        #expect(photos.contains { $0.description == nil } && photos.contains { $0.description == "" })
        #expect(photos.allSatisfy { $0.imageURL.host()?.hasSuffix("example.com") == true })
    }

    @Test func readsAFileTheUserNames() async throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write(OriginalShapeCatalog.json, to: "mine.json")

        let photos = try await FileCatalogService(location: .file(path: path)).fetchPopularPhotos()

        #expect(photos.map(\.name) == ["river.street", "couple", "Юля", "构成"])
    }

    @Test func saysWhichFileIsMissing() async throws {
        let scratch = try ScratchDirectory()
        let path = scratch.url.appendingPathComponent("nowhere.json").path

        let error = await fetchError(FileCatalogService(location: .file(path: path)))

        #expect(error == .fileNotFound(file: path))
        #expect(error?.description == "No catalog file at \(path).")
    }

    @Test func saysWhenThePathIsADirectory() async throws {
        let scratch = try ScratchDirectory()

        let error = await fetchError(FileCatalogService(location: .file(path: scratch.url.path)))

        #expect(error == .unreadable(file: scratch.url.path, reason: "it is a directory"))
    }

    @Test func namesTheFileWhenItsJSONIsBad() async throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write(#"{"pictures": [ oops ]}"#, to: "broken.json")

        let error = await fetchError(FileCatalogService(location: .file(path: path)))

        #expect(error == .invalidJSON(file: path, detail: "Invalid value around line 1, column 16"))
    }

    @Test func waitsTheSimulatedLatencyOnTheInjectedClock() async throws {
        let clock = ImmediateClock()
        let start = clock.now

        let photos = try await FileCatalogService(latency: .milliseconds(300), clock: clock).fetchPopularPhotos()

        #expect(start.duration(to: clock.now) == .milliseconds(300))
        #expect(!photos.isEmpty)
    }

    @Test func doesNotTouchTheClockWithoutLatency() async throws {
        let clock = ImmediateClock()
        let start = clock.now

        _ = try await FileCatalogService(clock: clock).fetchPopularPhotos()

        #expect(clock.now == start)
    }
}

import Foundation
import Testing
@testable import FriendsClient

@Suite struct ImageCacheTests {
    func bytes(_ count: Int) -> Data { Data(repeating: 7, count: count) }

    @Test func keepsAtMostCapacityImagesDroppingTheLeastRecentlyUsed() {
        var cache = ImageCache<Int>(capacity: 2, maximumBytes: 1_000)

        cache.insert(bytes(1), for: 1)
        cache.insert(bytes(2), for: 2)
        _ = cache.image(for: 1)
        cache.insert(bytes(3), for: 3)

        #expect(cache.image(for: 1) == bytes(1))
        #expect(cache.image(for: 2) == nil)
        #expect(cache.image(for: 3) == bytes(3))
        #expect(cache.count == 2)
        #expect(cache.totalBytes == 4)
    }

    @Test func keepsAtMostMaximumBytes() {
        var cache = ImageCache<Int>(capacity: 10, maximumBytes: 10)

        cache.insert(bytes(4), for: 1)
        cache.insert(bytes(4), for: 2)
        cache.insert(bytes(4), for: 3)
        cache.insert(bytes(11), for: 4)

        #expect(cache.image(for: 1) == nil)
        #expect(cache.image(for: 4) == nil)
        #expect(cache.count == 2)
        #expect(cache.totalBytes == 8)
    }

    @Test func replacingAnImageCountsItsBytesOnce() {
        var cache = ImageCache<Int>(capacity: 10, maximumBytes: 10)

        cache.insert(bytes(6), for: 1)
        cache.insert(bytes(3), for: 1)

        #expect(cache.totalBytes == 3)
        #expect(cache.image(for: 1) == bytes(3))
    }
}

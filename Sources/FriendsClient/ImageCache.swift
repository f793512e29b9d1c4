import Foundation

/// A bounded in-memory cache: keeps at most `capacity` images and `maximumBytes` bytes,
/// dropping the least recently used first.
struct ImageCache<Key: Hashable> {
    let capacity: Int
    let maximumBytes: Int
    private var images: [Key: Data] = [:]
    /// Least recently used first.
    private var recency: [Key] = []
    private(set) var totalBytes = 0

    init(capacity: Int, maximumBytes: Int) {
        self.capacity = max(0, capacity)
        self.maximumBytes = max(0, maximumBytes)
    }

    var count: Int { images.count }

    /// The image for `key`, which becomes the most recently used.
    mutating func image(for key: Key) -> Data? {
        guard let data = images[key] else { return nil }
        touch(key)
        return data
    }

    mutating func insert(_ data: Data, for key: Key) {
        guard data.count <= maximumBytes, capacity > 0 else { return }
        remove(key)
        images[key] = data
        recency.append(key)
        totalBytes += data.count
        while images.count > capacity || totalBytes > maximumBytes, let oldest = recency.first {
            remove(oldest)
        }
    }

    mutating func remove(_ key: Key) {
        guard let data = images.removeValue(forKey: key) else { return }
        totalBytes -= data.count
        recency.removeAll { $0 == key }
    }

    private mutating func touch(_ key: Key) {
        recency.removeAll { $0 == key }
        recency.append(key)
    }
}

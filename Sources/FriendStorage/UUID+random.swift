import Foundation

extension UUID {
    /// A new random UUID (version 4), for every UUID the server makes. `UUID()` on Linux opens,
    /// reads and closes `/dev/urandom` each time, three system calls on every new friend; the
    /// system's generator asks the kernel directly (see BENCHMARKS.md, "The write path").
    package static func random() -> UUID {
        var generator = SystemRandomNumberGenerator()
        var words = (generator.next() as UInt64, generator.next() as UInt64)
        return withUnsafeMutableBytes(of: &words) { bytes in
            bytes[6] = bytes[6] & 0x0F | 0x40  // version 4: random
            bytes[8] = bytes[8] & 0x3F | 0x80  // the variant of RFC 9562
            return UUID(uuid: bytes.load(as: uuid_t.self))
        }
    }
}

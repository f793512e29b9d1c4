import Foundation

extension UUID {
    /// A new random UUID (version 4). `UUID()` on Linux opens, reads and closes `/dev/urandom`
    /// each time, three system calls on every new friend; the system's generator asks the kernel
    /// directly (see BENCHMARKS.md, "The write path").
    package static func random() -> UUID {
        var generator = SystemRandomNumberGenerator()
        var words = (generator.next() as UInt64, generator.next() as UInt64)
        return withUnsafeMutableBytes(of: &words) { bytes in
            bytes[6] = bytes[6] & 0x0F | 0x40  // version 4: random
            bytes[8] = bytes[8] & 0x3F | 0x80  // the variant of RFC 9562
            return UUID(uuid: bytes.load(as: uuid_t.self))
        }
    }

    /// A new UUID that starts with the milliseconds since 1970 of `date` (version 7, RFC 9562),
    /// then 74 random bits. New friends' UIDs are made so: the indexes on UIDs and resource names
    /// then take each new friend on their last page, where a random UID would dirty a page of
    /// its own in each (see BENCHMARKS.md, "The write path").
    package static func timeOrdered(at date: Date) -> UUID {
        let milliseconds = UInt64(max(0, date.timeIntervalSince1970 * 1000))
        var generator = SystemRandomNumberGenerator()
        var words = (generator.next() as UInt64, generator.next() as UInt64)
        return withUnsafeMutableBytes(of: &words) { bytes in
            for index in 0..<6 {
                bytes[index] = UInt8(truncatingIfNeeded: milliseconds >> (8 * (5 - index)))
            }
            bytes[6] = bytes[6] & 0x0F | 0x70  // version 7: time-ordered
            bytes[8] = bytes[8] & 0x3F | 0x80  // the variant of RFC 9562
            return UUID(uuid: bytes.load(as: uuid_t.self))
        }
    }
}

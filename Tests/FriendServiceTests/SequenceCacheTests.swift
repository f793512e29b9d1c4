import Testing

@testable import FriendService

/// The cache of answers by change sequence: only the sequence an answer was stored at finds it,
/// a newer sequence drops the older answers, and the bounds hold.
struct SequenceCacheTests {
    @Test func anAnswerIsFoundAtItsSequenceOnly() {
        let cache = SequenceCache<String, Int>(capacity: 4)
        cache.store(1, for: "a", at: 5)
        #expect(cache.value(for: "a", at: 5) == 1)
        #expect(cache.value(for: "a", at: 6) == nil)
        cache.store(2, for: "b", at: 6)
        #expect(cache.value(for: "a", at: 5) == nil)
        cache.store(3, for: "a", at: 5)
        #expect(cache.value(for: "a", at: 5) == nil)
        #expect(cache.value(for: "b", at: 6) == 2)
    }

    @Test func entriesAndTheirCostsStayWithinBounds() {
        let cache = SequenceCache<Int, String>(capacity: 3, maximumCost: 10, cost: { $0.count })
        for key in 0..<5 { cache.store("abc", for: key, at: 1) }
        #expect((0..<5).filter { cache.value(for: $0, at: 1) != nil }.count == 3)

        cache.store("0123456789", for: 9, at: 1)
        #expect(cache.value(for: 9, at: 1) == "0123456789")
        #expect((0..<5).allSatisfy { cache.value(for: $0, at: 1) == nil })

        cache.store("0123456789a", for: 10, at: 1)
        #expect(cache.value(for: 10, at: 1) == nil)
        cache.store("abcd", for: 9, at: 1)
        cache.store("abcdef", for: 11, at: 1)
        #expect(cache.value(for: 9, at: 1) == "abcd")
        #expect(cache.value(for: 11, at: 1) == "abcdef")
    }
}

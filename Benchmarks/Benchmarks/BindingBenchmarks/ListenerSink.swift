/// What each listener does with a value: keeps it, as a label keeps its text.
@MainActor
final class ListenerSink {
    var last = 0
}

/// One way of telling listeners about a new value, set up with a number of listeners.
/// `update(_:)` sets each value of the range in turn and returns what the listeners last saw,
/// so the work cannot be optimized away.
@MainActor
protocol ListenerFixture {
    init(listeners: Int)
    func update(_ values: Range<Int>) -> Int
}

/// Where the user is in the flight list: the selected flight, named by its id, and whether its
/// card is open. A plain value, no work of its own; every change is named after what the user
/// did, and takes the list it applies to.
public struct FlightListState: Hashable, Sendable {
    public enum Mode: Hashable, Sendable {
        case list
        case card
    }

    public private(set) var mode: Mode
    /// The selected flight; `nil` stands for the first one.
    public private(set) var selectedFlightID: String?

    public init(mode: Mode = .list, selectedFlightID: String? = nil) {
        self.mode = mode
        self.selectedFlightID = selectedFlightID
    }

    /// The row of the selected flight in `list`: the first row when no flight of the list is
    /// selected; `nil` without flights.
    public func selectedIndex(in list: FlightListViewModel) -> Int? {
        guard !list.items.isEmpty else { return nil }
        return selectedFlightID.flatMap { id in list.items.firstIndex { $0.id == id } } ?? 0
    }

    /// The selected flight's card, while it is open.
    public func openCard(in list: FlightListViewModel) -> FlightCardViewModel? {
        guard mode == .card, let index = selectedIndex(in: list) else { return nil }
        return list.items[index].card
    }

    /// The user selected the flight `id` (clicked it, say).
    public mutating func flightSelected(id: String, in list: FlightListViewModel) {
        guard list.items.contains(where: { $0.id == id }) else { return }
        selectedFlightID = id
    }

    /// The user moved the selection `offset` rows down (up when negative), stopping at either end.
    public mutating func selectionMoved(by offset: Int, in list: FlightListViewModel) {
        guard let current = selectedIndex(in: list) else { return }
        selectedFlightID = list.items[min(max(0, current + offset), list.items.count - 1)].id
    }

    /// The user wants the first flight.
    public mutating func selectionMovedToStart(in list: FlightListViewModel) {
        if let first = list.items.first { selectedFlightID = first.id }
    }

    /// The user wants the last flight.
    public mutating func selectionMovedToEnd(in list: FlightListViewModel) {
        if let last = list.items.last { selectedFlightID = last.id }
    }

    /// The user wants the selected flight's card; with no flights there is nothing to open.
    public mutating func openTapped(in list: FlightListViewModel) {
        guard !list.items.isEmpty else { return }
        mode = .card
    }

    /// The user is done with the card.
    public mutating func backTapped() {
        mode = .list
    }
}

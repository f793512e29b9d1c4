/// What the flight list screen shows: a title, and per flight its row and the card behind it.
/// Inert like the card: built once from the flights, then only read.
public struct FlightListViewModel: Hashable, Sendable {
    public struct Item: Hashable, Sendable, Identifiable {
        /// The flight's identity (`Flight.id`), which names it in the list's selection.
        public var id: String
        public var row: FlightRowViewModel
        public var card: FlightCardViewModel

        public init(id: String, row: FlightRowViewModel, card: FlightCardViewModel) {
            self.id = id
            self.row = row
            self.card = card
        }
    }

    public var title: String
    public var items: [Item]
    /// Shown in place of rows when there are none.
    public var emptyMessage: String

    public init(title: String, items: [Item], emptyMessage: String) {
        self.title = title
        self.items = items
        self.emptyMessage = emptyMessage
    }
}

extension FlightListViewModel {
    public init(flights: [Flight], format: FlightDisplayFormat = .stable) {
        self.init(
            title: "Flights (\(flights.count))",
            items: flights.map { Item(id: $0.id, row: FlightRowViewModel(flight: $0, format: format), card: FlightCardViewModel(flight: $0, format: format)) },
            emptyMessage: "No flights in this list"
        )
    }
}

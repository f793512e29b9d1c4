/// What the flight list screen shows: a title, and per flight its row and the card behind it.
/// Inert like the card: built once from the flights, then only read.
public struct FlightListViewModel: Hashable, Sendable {
    public struct Item: Hashable, Sendable {
        public var row: FlightRowViewModel
        public var card: FlightCardViewModel

        public init(row: FlightRowViewModel, card: FlightCardViewModel) {
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
            items: flights.map { Item(row: FlightRowViewModel(flight: $0, format: format), card: FlightCardViewModel(flight: $0, format: format)) },
            emptyMessage: "No flights in this list"
        )
    }
}

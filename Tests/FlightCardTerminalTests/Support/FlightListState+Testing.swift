import FlightCard

extension FlightListState {
    /// The state with the flight in row `index` of `list` selected.
    init(mode: Mode = .list, selecting index: Int, in list: FlightListViewModel) {
        self.init(mode: mode, selectedFlightID: list.items[index].id)
    }
}

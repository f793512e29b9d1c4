import FlightCard
import TerminalUI
import TestSupport
import Testing
@testable import FlightCardTerminal

/// Every flights screen at every size of `SnapshotFiles.sizes`, as text files.
@MainActor
@Suite("Flights screens at every size")
struct FlightsScreenSizesTests {
    private let sample: FlightListViewModel

    init() throws {
        sample = FlightListViewModel(flights: try FlightListReader.sampleFlights())
    }

    private func screen(_ state: FlightListState) -> FlightsScreen {
        FlightsScreen(list: sample, state: state)
    }

    @Test("the list, the last flight selected", arguments: SnapshotFiles.sizes)
    func list(size: TerminalSize) {
        SnapshotFiles.expect(screen(FlightListState(selecting: 5, in: sample)), size: size, named: "list", suite: "Flights")
    }

    @Test("a flight's card", arguments: SnapshotFiles.sizes)
    func card(size: TerminalSize) {
        SnapshotFiles.expect(screen(FlightListState(mode: .card, selecting: 2, in: sample)), size: size, named: "card", suite: "Flights")
    }
}

import FlightCard
import TerminalUI
import TestSupport
import Testing
@testable import FlightCardTerminal

/// Every flights screen at every size of `SnapshotFiles.sizes`, as text files.
@MainActor
@Suite("Flights screens at every size")
struct FlightsScreenSizesTests {
    private func screen(_ state: FlightsScreenState) throws -> FlightsScreen {
        FlightsScreen(list: FlightListViewModel(flights: try FlightListReader.sampleFlights()), state: state)
    }

    @Test("the list, the last flight selected", arguments: SnapshotFiles.sizes)
    func list(size: TerminalSize) throws {
        SnapshotFiles.expect(try screen(FlightsScreenState(selectedIndex: 5)), size: size, named: "list", suite: "Flights")
    }

    @Test("a flight's card", arguments: SnapshotFiles.sizes)
    func card(size: TerminalSize) throws {
        SnapshotFiles.expect(try screen(FlightsScreenState(mode: .card, selectedIndex: 2)), size: size, named: "card", suite: "Flights")
    }
}

import ArgumentParser
import FlightCard
import FlightCardTerminal
import Foundation
import TerminalUI

@main
struct Flights: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flights",
        abstract: "Shows a list of flights and, for the one you pick, its flight card."
    )

    @Option(name: .customLong("flights"), help: ArgumentHelp(
        "A JSON flight list to show instead of the sample.", valueName: "path"
    ))
    var flightsPath: String?

    @MainActor
    func run() async throws {
        let flights = try flightsPath.map { try FlightListReader.flights(contentsOf: URL(fileURLWithPath: $0)) }
            ?? FlightListReader.sampleFlights()
        let screen = FlightsScreen(list: FlightListViewModel(flights: flights, format: .current))
        try await TerminalApp().run(screen)
    }
}

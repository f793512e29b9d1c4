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
        let flights = try flightsPath.map(Self.flights(inFile:)) ?? FlightListReader.sampleFlights()
        let screen = FlightsScreen(list: FlightListViewModel(flights: flights, format: .current))
        try await TerminalApp().run(screen)
    }

    /// The flights of the file at `path`; a file that is no flight list says so, with its name.
    private static func flights(inFile path: String) throws -> [Flight] {
        do throws(FlightListError) {
            return try FlightListReader.flights(contentsOf: URL(fileURLWithPath: path))
        } catch {
            switch error {
            case .unreadableFile, .notJSON: throw error
            default: throw FlightListFileError(description: "\(path) is not a flight list: \(error)")
            }
        }
    }
}

/// A file read as JSON that holds no flight list, named.
private struct FlightListFileError: Error, CustomStringConvertible {
    let description: String
}

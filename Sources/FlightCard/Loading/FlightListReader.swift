import Foundation

/// Reads a list of flights from JSON: the sample shipped with the app, or a file the user names.
/// The model controller of the flight card: it deals in model values, never in display strings.
public enum FlightListReader {
    /// The flights in the sample file bundled with this module.
    public static func sampleFlights() throws(FlightListError) -> [Flight] {
        guard let url = Bundle.module.url(forResource: "flights", withExtension: "json") else {
            throw .unreadableFile(path: "flights.json", reason: "the sample is missing from the app's resources")
        }
        return try flights(contentsOf: url)
    }

    public static func flights(contentsOf url: URL) throws(FlightListError) -> [Flight] {
        let data: Data
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw .unreadableFile(path: url.path, reason: "it is a folder, not a file")
        }
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadableFile(path: url.path, reason: reason(for: error))
        }
        do throws(FlightListError) {
            return try flights(from: data)
        } catch {
            guard case .notJSON(let reason, _) = error else { throw error }
            throw .notJSON(reason: reason, path: url.path)
        }
    }

    public static func flights(from data: Data) throws(FlightListError) -> [Flight] {
        let document: FlightListDocument
        do {
            document = try JSONDecoder().decode(FlightListDocument.self, from: data)
        } catch let problem as FieldProblem {
            throw FlightListError(problem)
        } catch let error as DecodingError {
            throw FlightListError(error)
        } catch {
            throw .notJSON(reason: String(describing: error))
        }
        return try resolve(document)
    }

    /// Connects flights to the airports they name and checks each schedule.
    private static func resolve(_ document: FlightListDocument) throws(FlightListError) -> [Flight] {
        var airports: [String: Airport] = [:]
        for (index, record) in document.airports.enumerated() {
            let symbol = record.airport.symbol
            guard airports[symbol] == nil else {
                throw .duplicateAirport(symbol, at: "airports[\(index)].symbol")
            }
            airports[symbol] = record.airport
        }

        var flights: [Flight] = []
        var ids = Set<String>()
        for (index, record) in document.flights.enumerated() {
            let path = "flights[\(index)]"
            func endpoint(_ endpoint: EndpointRecord, _ name: String) throws(FlightListError) -> Endpoint {
                guard let airport = airports[endpoint.airportSymbol] else {
                    throw .unknownAirport(endpoint.airportSymbol, at: "\(path).\(name).airport")
                }
                return Endpoint(date: endpoint.date, airport: airport)
            }
            let departure = try endpoint(record.departure, "departure")
            let arrival = try endpoint(record.arrival, "arrival")
            let flight: Flight
            do {
                flight = try Flight(airline: record.airline, number: record.number, departure: departure, arrival: arrival)
            } catch {
                throw .arrivalBeforeDeparture(
                    at: path, flightNumber: record.number,
                    departure: record.departure.dateText, arrival: record.arrival.dateText
                )
            }
            // The list names a flight by its number and departure: two alike would be one row.
            guard ids.insert(flight.id).inserted else { throw .duplicateFlight(record.number, at: path) }
            flights.append(flight)
        }
        return flights
    }

    private static func reason(for error: any Error) -> String {
        let cocoaError = error as? CocoaError
        switch cocoaError?.code {
        case .fileReadNoSuchFile?: return "no such file"
        case .fileReadNoPermission?: return "permission denied"
        default: return (error as NSError).localizedDescription
        }
    }
}

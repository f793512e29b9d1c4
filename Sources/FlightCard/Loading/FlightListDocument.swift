import Foundation

// The file's shape. Airports are listed once and flights refer to them by symbol:
// {"airports": [{"symbol", "name", "city", "timeZone"}],
//  "flights": [{"airline", "number", "departure": {"airport", "date"}, "arrival": {...}}]}

struct FlightListDocument: Decodable {
    let airports: [AirportRecord]
    let flights: [FlightRecord]

    private enum CodingKeys: String, CodingKey, CaseIterable { case airports, flights }

    init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        airports = try container.decode([AirportRecord].self, forKey: .airports)
        flights = try container.decode([FlightRecord].self, forKey: .flights)
    }
}

struct AirportRecord: Decodable {
    let airport: Airport

    private enum CodingKeys: String, CodingKey, CaseIterable { case symbol, name, city, timeZone }

    init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        let identifier = try container.decodeText(forKey: .timeZone)
        guard let timeZone = TimeZone(identifier: identifier) else {
            throw FieldProblem(codingPath: container.codingPath + [CodingKeys.timeZone], kind: .unknownTimeZone(identifier))
        }
        airport = Airport(
            symbol: try container.decodeText(forKey: .symbol),
            name: try container.decodeText(forKey: .name),
            city: try container.decodeText(forKey: .city),
            timeZone: timeZone
        )
    }
}

struct FlightRecord: Decodable {
    let airline: String
    let number: String
    let departure: EndpointRecord
    let arrival: EndpointRecord

    private enum CodingKeys: String, CodingKey, CaseIterable { case airline, number, departure, arrival }

    init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        airline = try container.decodeText(forKey: .airline)
        number = try container.decodeText(forKey: .number)
        departure = try container.decode(EndpointRecord.self, forKey: .departure)
        arrival = try container.decode(EndpointRecord.self, forKey: .arrival)
    }
}

struct EndpointRecord: Decodable {
    let airportSymbol: String
    let date: Date
    /// The date as written, to quote it back in error messages.
    let dateText: String

    private enum CodingKeys: String, CodingKey, CaseIterable { case airport, date }

    init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        airportSymbol = try container.decodeText(forKey: .airport)
        dateText = try container.decode(String.self, forKey: .date)
        guard let date = ISO8601Timestamp.date(from: dateText) else {
            throw FieldProblem(codingPath: container.codingPath + [CodingKeys.date], kind: .invalidDate(dateText))
        }
        self.date = date
    }
}

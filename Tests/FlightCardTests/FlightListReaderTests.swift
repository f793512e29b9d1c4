import Foundation
import Testing
@testable import FlightCard

@Suite("Reading a flight list")
struct FlightListReaderTests {
    private static let airports = """
        {"symbol": "AMS", "name": "Schiphol", "city": "Amsterdam", "timeZone": "Europe/Amsterdam"},
        {"symbol": "SVO", "name": "Sheremetyevo", "city": "Moscow", "timeZone": "Europe/Moscow"}
        """
    private static let goodFlight = """
        {"airline": "KLM", "number": "KL 903",
         "departure": {"airport": "AMS", "date": "2026-11-23T10:45:00+01:00"},
         "arrival": {"airport": "SVO", "date": "2026-11-23T15:55:00+03:00"}}
        """

    private func read(airports: String = airports, flights: [String]) throws(FlightListError) -> [Flight] {
        let json = "{\"airports\": [\(airports)], \"flights\": [\(flights.joined(separator: ","))]}"
        return try FlightListReader.flights(from: Data(json.utf8))
    }

    private func error(airports: String = airports, flights: [String]) -> FlightListError? {
        do {
            _ = try read(airports: airports, flights: flights)
            return nil
        } catch {
            return error
        }
    }

    @Test("a good file gives its flights, airports resolved, in file order")
    func goodFile() throws {
        let flights = try read(flights: [Self.goodFlight, Self.goodFlight.replacingOccurrences(of: "KL 903", with: "KL 905")])
        #expect(flights.map(\.number) == ["KL 903", "KL 905"])
        #expect(flights[0] == (try flight()))
    }

    @Test("no flights is a valid, empty list")
    func noFlights() throws {
        #expect(try read(flights: []).isEmpty)
    }

    @Test("the shipped sample has six flights, one of them over the date line")
    func sample() throws {
        let flights = try FlightListReader.sampleFlights()
        #expect(flights.map(\.number) == ["KL 903", "LH 400", "UA 837", "BA 431", "SQ 322", "QF 7"])
        let cards = flights.map { FlightCardViewModel(flight: $0) }
        #expect(cards.map(\.route) == ["AMS ➔ SVO", "FRA ➔ JFK", "SFO ➔ NRT", "LHR ➔ AMS", "SIN ➔ LHR", "SYD ➔ DFW"])
        #expect(cards.map(\.duration) == [
            "3 hours, 10 minutes", "8 hours, 50 minutes", "11 hours, 5 minutes",
            "1 hour, 15 minutes", "14 hours, 40 minutes", "16 hours, 20 minutes",
        ])
        #expect(cards[2].departureDay == "Tuesday, November 24, 2026")
        #expect(cards[2].arrivalDay == "Wednesday, November 25, 2026")
    }

    @Test("an unknown field is named with where it is", arguments: [
        (#"{"airline": "KLM", "number": "KL 903", "gate": "D7", "departure": {"airport": "AMS", "date": "2026-11-23T10:45:00+01:00"}, "arrival": {"airport": "SVO", "date": "2026-11-23T15:55:00+03:00"}}"#,
         #"flights[1]: unknown field "gate""#),
        (#"{"airline": "KLM", "number": "KL 903", "departure": {"airport": "AMS", "date": "2026-11-23T10:45:00+01:00", "terminal": "2"}, "arrival": {"airport": "SVO", "date": "2026-11-23T15:55:00+03:00"}}"#,
         #"flights[1].departure: unknown field "terminal""#),
    ])
    func unknownField(flight: String, message: String) {
        #expect(error(flights: [Self.goodFlight, flight])?.description == message)
    }

    @Test("unknown fields at the top and in airports are refused too")
    func unknownFieldElsewhere() throws {
        let json = #"{"airports": [], "flights": [], "version": 2}"#
        #expect(throws: FlightListError.unknownField("version", at: "(top level)")) {
            try FlightListReader.flights(from: Data(json.utf8))
        }
        let airport = #"{"symbol": "AMS", "name": "Schiphol", "city": "Amsterdam", "timeZone": "Europe/Amsterdam", "country": "NL"}"#
        #expect(error(airports: airport, flights: [])?.description == #"airports[0]: unknown field "country""#)
    }

    @Test("a flight listed twice (one number, one departure) names the second")
    func duplicateFlight() {
        let failure = error(flights: [Self.goodFlight, Self.goodFlight])
        #expect(failure == .duplicateFlight("KL 903", at: "flights[1]"))
        #expect(failure?.description == "flights[1]: flight KL 903 with this departure is listed more than once")
    }

    @Test("arrival before departure names the flight")
    func arrivalBeforeDeparture() {
        let early = Self.goodFlight.replacingOccurrences(of: "2026-11-23T15:55:00+03:00", with: "2026-11-23T12:44:00+03:00")
        #expect(error(flights: [Self.goodFlight, early])?.description
            == "flights[1] (KL 903): arrival 2026-11-23T12:44:00+03:00 is before departure 2026-11-23T10:45:00+01:00")
    }

    @Test("bad dates are quoted back with where they are", arguments: [
        "2026-02-30T10:45:00+01:00", "2026-11-23T10:45:00", "tomorrow morning",
    ])
    func badDate(text: String) {
        let bad = Self.goodFlight.replacingOccurrences(of: "2026-11-23T15:55:00+03:00", with: text)
        #expect(error(flights: [bad])?.description
            == "flights[0].arrival.date: \"\(text)\" is not a date and time with a UTC offset, such as \"2026-11-23T10:45:00+01:00\"")
    }

    @Test("missing fields, wrong types and empty texts")
    func shapeErrors() {
        let noNumber = Self.goodFlight.replacingOccurrences(of: #""number": "KL 903","#, with: "")
        #expect(error(flights: [noNumber]) == .missingField("number", at: "flights[0]"))
        let numericNumber = Self.goodFlight.replacingOccurrences(of: #""KL 903""#, with: "903")
        #expect(error(flights: [numericNumber]) == .wrongType(at: "flights[0].number", expected: "text"))
        let nullAirline = Self.goodFlight.replacingOccurrences(of: #""KLM""#, with: "null")
        #expect(error(flights: [nullAirline]) == .wrongType(at: "flights[0].airline", expected: "text"))
        let blankAirline = Self.goodFlight.replacingOccurrences(of: #""KLM""#, with: #""  ""#)
        #expect(error(flights: [blankAirline])?.description == "flights[0].airline: must not be empty")
        #expect(error(flights: ["[]"]) == .wrongType(at: "flights[0]", expected: "an object"))
        #expect(throws: FlightListError.wrongType(at: "flights", expected: "a list")) {
            try FlightListReader.flights(from: Data(#"{"airports": [], "flights": {}}"#.utf8))
        }
        #expect(throws: FlightListError.missingField("airports", at: "(top level)")) {
            try FlightListReader.flights(from: Data(#"{"flights": []}"#.utf8))
        }
    }

    @Test("airports: unknown time zone, a symbol listed twice, a symbol no airport has")
    func airportErrors() {
        let mars = Self.airports.replacingOccurrences(of: "Europe/Moscow", with: "Mars/Olympus")
        #expect(error(airports: mars, flights: [])?.description
            == #"airports[1].timeZone: unknown time zone "Mars/Olympus"; use an IANA name such as "Europe/Amsterdam""#)
        let twice = Self.airports.replacingOccurrences(of: "SVO", with: "AMS")
        #expect(error(airports: twice, flights: [])?.description == #"airports[1].symbol: airport "AMS" is listed more than once"#)
        let nowhere = Self.goodFlight.replacingOccurrences(of: #""SVO""#, with: #""XXX""#)
        #expect(error(flights: [Self.goodFlight, nowhere])?.description == #"flights[1].arrival.airport: no airport "XXX" in "airports""#)
    }

    @Test("a file that is not JSON says so")
    func notJSON() {
        #expect(throws: FlightListError.self) { try FlightListReader.flights(from: Data("{\"flights\": [".utf8)) }
        do {
            _ = try FlightListReader.flights(from: Data("flights: none".utf8))
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("the file is not valid JSON: "))
        }
    }

    @Test("a file that is not JSON is named in the message")
    func notJSONNamesTheFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("not-json-\(UUID()).json")
        try Data("flights: none".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try FlightListReader.flights(contentsOf: url)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("\(url.path) is not valid JSON: "))
        }
    }

    @Test("a file that is not there says which")
    func missingFile() {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-flights-\(UUID()).json")
        #expect(throws: FlightListError.unreadableFile(path: url.path, reason: "no such file")) {
            try FlightListReader.flights(contentsOf: url)
        }
    }
}

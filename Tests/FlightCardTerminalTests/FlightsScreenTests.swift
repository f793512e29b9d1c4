import FlightCard
import TerminalUI
import Testing
@testable import FlightCardTerminal

@MainActor
@Suite("Flights screen keys")
struct FlightsScreenTests {
    private let sample: FlightListViewModel

    init() throws {
        sample = FlightListViewModel(flights: try FlightListReader.sampleFlights())
    }

    /// Presses `keys` in order and records the result and the state after each one.
    private func press(_ keys: [Key], on screen: FlightsScreen) -> [(KeyResult, FlightListState)] {
        keys.map { key in (screen.handle(key), screen.state) }
    }

    @Test("arrows, j/k and End move the selection within the list, Enter opens the card, Esc goes back")
    func navigation() {
        let screen = FlightsScreen(list: sample)
        let history = press(
            [.up, .down, .character("j"), .character("k"), .down, .enter, .down, .escape,
             .end, .down, .down, .down, .down, .enter, .backspace, .enter, .left],
            on: screen
        )
        #expect(history.map(\.0) == [
            .handled, .handled, .handled, .handled, .handled, .handled, .ignored, .handled,
            .handled, .handled, .handled, .handled, .handled, .handled, .handled, .handled, .handled,
        ])
        #expect(history.map { $0.1.selectedIndex(in: sample) } == [0, 1, 2, 1, 2, 2, 2, 2, 5, 5, 5, 5, 5, 5, 5, 5, 5])
        #expect(history.map(\.1.mode) == [
            .list, .list, .list, .list, .list, .card, .card, .list,
            .list, .list, .list, .list, .list, .card, .list, .card, .list,
        ])
    }

    /// On a terminal too short for the card, its last lines were cut without a mark, out of reach.
    @Test("a card taller than the terminal shows ▼, and ↓ or End reaches its last line, then ▲")
    func aCutCardScrolls() {
        let screen = FlightsScreen(list: sample)
        let size = TerminalSize(rows: 8, columns: 30)
        _ = screen.handle(.end)
        _ = screen.handle(.enter)
        let first = screen.render(size: size).lines
        #expect(first.contains { $0.hasSuffix("▼│") }, "\(first)")
        #expect(!first.joined().contains("Flight time"))
        #expect(first.last?.contains("↑↓ Scroll") == true)
        #expect(screen.handle(.end) == .handled)
        let last = screen.render(size: size).lines
        #expect(last.joined().contains("Flight time"), "\(last)")
        #expect(last.contains { $0.hasSuffix("▲│") }, "\(last)")
        #expect(screen.handle(.escape) == .handled)
        #expect(screen.handle(.enter) == .handled)
        #expect(!screen.render(size: size).lines.joined().contains("Flight time"), "a card opened again starts at its top")
    }

    @Test("the list keys of the other apps: Home/End, Page Up/Down, g/G, the wheel and a click")
    func listKeys() {
        let screen = FlightsScreen(list: sample)
        _ = screen.render(size: TerminalSize(rows: 6, columns: 60))  // three rows of list: pages of two
        let wheelUp = Key.mouse(MouseEvent(action: .wheelUp, row: 3, column: 0))
        let history = press([.pageDown, .pageDown, .pageUp, .character("G"), .character("g"), .end, .home,
                             .click(.row(4)), wheelUp, .click(.row(99))], on: screen)
        #expect(history.map { $0.1.selectedIndex(in: sample) } == [2, 4, 2, 5, 0, 5, 0, 4, 3, 3])
        #expect(history.map(\.0).last == .ignored)
    }

    @Test("q quits from the list and from the card")
    func quit() {
        #expect(FlightsScreen(list: sample).handle(.character("q")) == .quit)
        #expect(FlightsScreen(list: sample, state: FlightListState(mode: .card)).handle(.character("q")) == .quit)
    }

    @Test("with no flights there is nothing to select or open")
    func noFlights() {
        let screen = FlightsScreen(list: FlightListViewModel(flights: []))
        let history = press([.down, .enter, .up], on: screen)
        #expect(history.map(\.1) == Array(repeating: FlightListState(), count: 3))
    }

    @Test("the list scrolls to keep the selection on screen, and stays put while it is")
    func scrolling() {
        let screen = FlightsScreen(list: sample)
        let size = TerminalSize(rows: 6, columns: 40) // room for three rows
        var offsets: [Int] = []
        var selectedRows: [String?] = []
        for key in [Key.down, .down, .down, .down, .up, .up, .up, .up] {
            _ = screen.handle(key)
            let lines = screen.render(size: size).lines
            offsets.append(screen.scrollOffset)
            selectedRows.append(lines.first { $0.hasPrefix(">") })
        }
        #expect(offsets == [0, 0, 1, 2, 2, 2, 1, 0])
        #expect(selectedRows.map { $0.map { String($0.prefix(8)) } } == [
            "> LH 400", "> UA 837", "> BA 431", "> SQ 322", "> BA 431", "> UA 837", "> LH 400", "> KL 903",
        ])
    }
}

import Benchmark
import BenchmarkSupport
import FriendsViewModels
import TerminalUI

/// One terminal frame of the friends list holding 100,000 rows, laid out as the list screen
/// lays it out: title, list, footer. "draw" fills the screen buffer; "full repaint" also turns it
/// into terminal output from scratch; "scroll one row" draws the next frame and writes only what changed.
func frameBenchmarks() {
    let cells = BenchmarkFriends.make(count: 100_000).map(FriendCellViewModel.init(friend:))
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal],
        warmupIterations: 10,
        maxDuration: .seconds(2),
        maxIterations: 10_000
    )

    for size in [TerminalSize(rows: 24, columns: 80), TerminalSize(rows: 60, columns: 200)] {
        let screen = ListScreenFrame(cells: cells, size: size)

        Benchmark("Frame \(size), 100,000 rows: draw", configuration: configuration) { _ in
            blackHole(screen.draw(selection: 50_000))
        }

        Benchmark("Frame \(size), 100,000 rows: draw + full repaint", configuration: configuration) { _ in
            var renderer = Renderer(mode: .color)
            blackHole(renderer.render(screen.draw(selection: 50_000)))
        }

        var renderer = Renderer(mode: .color)
        var selection = 50_000
        _ = renderer.render(screen.draw(selection: selection))
        Benchmark("Frame \(size), 100,000 rows: scroll one row", configuration: configuration) { _ in
            selection = selection == 99_999 ? 0 : selection + 1
            blackHole(renderer.render(screen.draw(selection: selection)))
        }
    }
}

/// The list screen's layout, drawn from cell view models the way the terminal app draws them.
struct ListScreenFrame {
    let cells: [FriendCellViewModel]
    let size: TerminalSize
    private let footer = Footer(("↑↓/jk", "Move"), ("⏎", "Open"), ("a", "Add"), ("d", "Delete"), ("q", "Quit"))

    init(cells: [FriendCellViewModel], size: TerminalSize) {
        self.cells = cells
        self.size = size
    }

    func draw(selection: Int) -> Canvas {
        var canvas = Canvas(size: size)
        canvas.draw("Your Friends (\(cells.count))", row: 0, column: 1, style: .bold, width: size.columns - 2)
        let list = Rect(row: 2, column: 0, width: size.columns, height: size.rows - 3)
        // Keep the selection on screen the way the screen does, starting from the middle of the list.
        let offset = ListView.scrollOffset(keeping: selection, visibleRows: list.height, count: cells.count, current: selection - list.height / 2)
        ListView(count: cells.count, selectedIndex: selection, scrollOffset: offset) { index in
            ListView.Row(cells[index].fullName, detail: cells[index].phonenumberText)
        }
        .draw(in: &canvas, at: list)
        footer.draw(in: &canvas, at: Rect(row: size.rows - 1, column: 0, width: size.columns, height: 1))
        return canvas
    }
}

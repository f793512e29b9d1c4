/// Turns successive `Canvas` frames into terminal output, writing only what changed.
///
/// The first frame, and the first after `invalidate()` or a size change, clears the screen
/// and paints everything. Later frames compare each row with the previous frame and write
/// only the runs of cells that differ (nearby runs are merged, since a cursor move costs
/// about as much as a few cells). An unchanged frame writes nothing at all.
///
/// Terminals disagree on how wide some grapheme clusters are (👍🏽 is two columns in one, four
/// in another; a ZWJ family may be eight), so a cell is only as certain as the terminal's
/// cursor after it. Such a cluster is written over blanks, then the renderer moves the cursor to
/// where the next cell belongs and rewrites the rest of the row: whatever the terminal drew past
/// the cluster's two columns is overwritten now, erasing the cluster later erases all of it, and
/// one drawn narrower leaves a blank.
public struct Renderer: Sendable {
    public let mode: RenderMode
    private var previous: Canvas?
    /// Changed runs closer than this are written as one.
    private let mergeGap = 4

    public init(mode: RenderMode) {
        self.mode = mode
    }

    /// Makes the next frame a full repaint (after a resize, or when the screen was disturbed).
    public mutating func invalidate() {
        previous = nil
    }

    /// The output that brings the screen from the previous frame to `canvas`.
    public mutating func render(_ canvas: Canvas) -> String {
        let repaint = previous?.size != canvas.size
        let before = repaint ? Canvas(size: canvas.size) : previous!
        let previousCursor = repaint ? nil : before.visibleCursor
        previous = canvas

        var body = ""
        var current = Style.plain
        for row in 0..<canvas.size.rows {
            let cells = canvas.row(row)
            for run in changedRuns(from: before.row(row), to: cells) {
                body += ANSI.moveTo(row: row, column: run.lowerBound)
                let first = cells.startIndex + run.lowerBound
                for (offset, cell) in cells[first..<(first + run.count)].enumerated() where !cell.isContinuation {
                    let style = mode.visible(cell.style)
                    if style != current {
                        body += ANSI.graphicRendition(style)
                        current = style
                    }
                    if cell.hasUncertainWidth {
                        // Blanks first: a terminal that draws the cluster narrower (❤️ in one
                        // column) shows a blank beside it, not what that column held before.
                        body += String(repeating: " ", count: cell.width)
                        body += ANSI.moveTo(row: row, column: run.lowerBound + offset)
                    }
                    body.append(cell.character)
                    if cell.hasUncertainWidth {
                        body += ANSI.moveTo(row: row, column: run.lowerBound + offset + cell.width)
                    }
                }
            }
        }
        if current != .plain { body += ANSI.resetStyle }

        var output = repaint ? ANSI.resetStyle + ANSI.clearScreen : ""
        if !body.isEmpty, previousCursor != nil { output += ANSI.hideCursor }
        output += body
        let cursor = canvas.visibleCursor
        if let cursor, !body.isEmpty || cursor != previousCursor {
            output += ANSI.moveTo(row: cursor.row, column: cursor.column) + ANSI.showCursor
        } else if cursor == nil, previousCursor != nil || repaint {
            output += ANSI.hideCursor
        }
        return output
    }

    /// Column ranges (from 0) of the cells that differ, merged when close, widened so no run
    /// starts in the middle of a wide character.
    private func changedRuns(from old: ArraySlice<Cell>, to new: ArraySlice<Cell>) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var column = new.startIndex
        while column < new.endIndex {
            guard old[column] != new[column] else { column += 1; continue }
            var start = column
            while start > new.startIndex, new[start].isContinuation { start -= 1 }
            var end = column + 1
            while end < new.endIndex, old[end] != new[end] || new[end].isContinuation { end += 1 }
            let relativeStart = start - new.startIndex, relativeEnd = end - new.startIndex
            if let last = runs.last, relativeStart - last.upperBound < mergeGap {
                runs[runs.count - 1] = last.lowerBound..<relativeEnd
            } else {
                runs.append(relativeStart..<relativeEnd)
            }
            column = end
        }
        // From the first cluster of uncertain width on, the whole rest of the row is written.
        if let uncertain = runs.firstIndex(where: { run in
            new[(new.startIndex + run.lowerBound)..<(new.startIndex + run.upperBound)].contains(where: \.hasUncertainWidth)
        }) {
            runs[uncertain...] = [runs[uncertain].lowerBound..<new.count]
        }
        return runs
    }
}

extension Canvas {
    /// The cursor, if it is inside the canvas.
    var visibleCursor: CursorPosition? {
        guard let cursor, (0..<size.rows).contains(cursor.row), (0..<size.columns).contains(cursor.column) else { return nil }
        return cursor
    }
}

import HavenCore
import HavenInsights
import HavenPresentation

/// `haven insights ID` for people: the week × hour grid in shades, the
/// busiest hours in a sentence, the days with an entry, and what changed.
struct InsightsText {
    let console: Console
    /// The terminal's width, when known: a narrower one gets 4-hour blocks.
    let columns: Int?

    /// A weekday's label ("Mon"; "Mo" in German) and its width in the grid.
    private func label(_ weekday: Weekday) -> String {
        Columns.pad(InsightsSentences(words: console.words).label(weekday), to: 4)
    }

    func lines(_ found: TrackerInsights) -> [String] {
        let w = console.words, status = StatusText(console: console), t = found.tracker
        let range = found.range, say = InsightsSentences(words: w)
        let length = say.length(range)
        let amount = found.amounts
            ? w(found.moments == 1 ? "total {}{} in {} entry" : "total {}{} in {} entries", w.number(found.total),
                status.unit(t), found.moments)
            : w.count(found.moments, "moment", "moments")
        var lines = [console.styled(w("{}, {} to {} ({}): {}", status.name(t), range.from, range.to, length, amount), .bold)]
        if found.moments > 0 {
            lines += [""] + grid(found.grid) + [say.busiest(found.grid)]
        }
        lines += ["", w("Days with an entry: {}", found.weekdays.map { share in
            "\(label(share.weekday).trimmingTrailingSpaces()) \(share.withEntry)/\(share.days)"
        }.joined(separator: " · "))]
        if let noticing = found.noticing { lines.append(say.noticing(noticing, length: length)) }
        if let relapses = found.relapses { lines += say.relapses(relapses, length: length) }
        lines += tallies(found.triggers, heading: w("triggers"))
        lines += tallies(found.words, heading: w("note words"))
        return lines
    }

    /// The shades, from a little to the most.
    static let shades = ["░", "▒", "▓", "█"]

    /// 7 rows of 24 hours, two columns a cell, or of 6 blocks of 4 hours
    /// when the terminal is narrower than that; each cell shaded by its
    /// share of the busiest one.
    func grid(_ grid: HourGrid) -> [String] {
        let narrow = (columns ?? .max) < 4 + 48
        let rows = narrow ? grid.blocks : grid.cells
        let width = narrow ? 4 : 2
        let most = rows.joined().max() ?? 0
        // An hour label every 4 hours (a block) or every 3 (6 columns).
        let step = narrow ? 4 : 3
        var header = "    "
        for hour in stride(from: 0, to: 24, by: step) { header += Columns.pad(String(hour), to: narrow ? 4 : 6) }
        var lines = [header.trimmingTrailingSpaces()]
        for (index, row) in rows.enumerated() {
            let cells = row.map { value -> String in
                let quarter = InsightsSentences.quarter(value, of: most)
                return quarter == 0 ? Columns.pad("·", to: width) : String(repeating: Self.shades[quarter - 1], count: width)
            }
            lines.append((label(Weekday.allCases[index]) + cells.joined()).trimmingTrailingSpaces())
        }
        let w = console.words
        lines.append(w("{}: up to ¼, ½, ¾ and all of the busiest {} ({})", Self.shades.joined(separator: " "),
                       narrow ? w("4 hours") : w("hour"), w.number(most)))
        return lines
    }

    /// Triggers or note words with their counts now and before.
    func tallies(_ tallies: [Tally], heading: String) -> [String] {
        guard !tallies.isEmpty else { return [] }
        let w = console.words
        var rows = [[heading, w("now"), w("before"), ""]] + tallies.prefix(5).map { tally in
            [TerminalText.oneLine(tally.text), "\(tally.count)", "\(tally.previous)", InsightsSentences.change(tally.change)]
        }
        // The counts right-aligned under their headings.
        for column in [1, 2] {
            let width = rows.map { Columns.width($0[column]) }.max() ?? 0
            for row in rows.indices {
                rows[row][column] = String(repeating: " ", count: width - Columns.width(rows[row][column])) + rows[row][column]
            }
        }
        return [""] + Columns.align(rows)
    }
}

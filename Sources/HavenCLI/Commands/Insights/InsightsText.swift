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
        let short = console.words(weekday.rawValue)
        return Columns.pad(short.prefix(1).uppercased() + short.dropFirst(), to: 4)
    }

    func lines(_ found: TrackerInsights) -> [String] {
        let w = console.words, status = StatusText(console: console), t = found.tracker
        let range = found.range
        let length = range.days % 7 == 0 ? w(range.days == 7 ? "{} week" : "{} weeks", range.days / 7)
            : w(range.days == 1 ? "{} day" : "{} days", range.days)
        let amount = found.amounts
            ? w("total {}{} in {}", w.number(found.total), status.unit(t), w.count(found.moments, "entry", "entries"))
            : w.count(found.moments, "moment", "moments")
        var lines = [console.styled(w("{}, {} to {} ({}): {}", status.name(t), range.from, range.to, length, amount), .bold)]
        if found.moments > 0 {
            lines += [""] + grid(found.grid) + [busiest(found)]
        }
        lines += ["", w("Days with an entry: {}", found.weekdays.map { share in
            "\(label(share.weekday).trimmingTrailingSpaces()) \(share.withEntry)/\(share.days)"
        }.joined(separator: " · "))]
        if let noticing = found.noticing { lines.append(self.noticing(noticing, length: length)) }
        if let relapses = found.relapses { lines += self.relapses(relapses, length: length) }
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
                guard value > 0, most > 0 else { return Columns.pad("·", to: width) }
                let shade = Self.shades[min(3, Int((value / most * 4).rounded(.up)) - 1)]
                return String(repeating: shade, count: width)
            }
            lines.append((label(Weekday.allCases[index]) + cells.joined()).trimmingTrailingSpaces())
        }
        let w = console.words
        lines.append(w("{}: up to ¼, ½, ¾ and all of the busiest {} ({})", Self.shades.joined(separator: " "),
                       narrow ? w("4 hours") : w("hour"), w.number(most)))
        return lines
    }

    /// "Most often on Tuesdays 16–17 h (30) and Fridays 22–23 h (10)."
    func busiest(_ found: TrackerInsights) -> String {
        let w = console.words
        let cells = found.grid.busiest(3).map { cell in
            w("{} {}–{} h ({})", w(Self.plural[cell.weekday]!), cell.hour, cell.hour + 1, w.number(cell.value))
        }
        return cells.isEmpty ? w("No hour stands out yet: none holds more than one entry.") : w("Most often on {}.", w.list(cells))
    }

    static let plural: [Weekday: String] = [.mon: "Mondays", .tue: "Tuesdays", .wed: "Wednesdays", .thu: "Thursdays",
                                            .fri: "Fridays", .sat: "Saturdays", .sun: "Sundays"]

    /// "Noticed at a median of 16:20, 18:40 in the 12 weeks before: earlier in the day."
    func noticing(_ n: TrackerInsights.Noticing, length: String) -> String {
        let w = console.words
        func clock(_ minute: Int) -> String { TimeOfDay(hour: minute / 60, minute: minute % 60)!.description }
        guard let median = n.median else { return w("Nothing noticed in these {}.", length) }
        guard let before = n.previousMedian, let shift = n.shift else {
            return w("Noticed at a median of {}; nothing in the {} before to compare.", clock(median), length)
        }
        let direction = shift <= -TrackerInsights.Noticing.sameWithin ? w("earlier in the day: catching it sooner")
            : shift >= TrackerInsights.Noticing.sameWithin ? w("later in the day") : w("about the same time of day")
        return w("Noticed at a median of {}, {} in the {} before: {}.", clock(median), clock(before), length, direction)
    }

    /// The days between relapses, and the weekday and hours they came most on.
    func relapses(_ r: TrackerInsights.Relapses, length: String) -> [String] {
        let w = console.words
        guard r.moments > 0 else { return [w("No relapse logged in these {}.", length)] }
        var lines = [w("Relapses: {} on {} day.", r.moments, r.days.count)]
        if let median = r.gaps.median, let longest = r.gaps.longest {
            lines[0] = w("Relapses: {} on {} days; days between them: median {}, longest {}.", r.moments, r.days.count,
                         w.number(median), longest)
        }
        let day = r.byWeekday.indices.max { r.byWeekday[$0] < r.byWeekday[$1] || (r.byWeekday[$0] == r.byWeekday[$1] && $0 > $1) }!
        let block = r.byBlock.indices.max { r.byBlock[$0] < r.byBlock[$1] || (r.byBlock[$0] == r.byBlock[$1] && $0 > $1) }!
        lines.append(w("Most on {} ({} of {}), and between {} and {} h ({} of {}).", w(Self.plural[Weekday.allCases[day]]!),
                       r.byWeekday[day], r.moments, block * 4, block * 4 + 4, r.byBlock[block], r.moments))
        return lines
    }

    /// Triggers or note words with their counts now and before.
    func tallies(_ tallies: [Tally], heading: String) -> [String] {
        guard !tallies.isEmpty else { return [] }
        let w = console.words
        var rows = [[heading, w("now"), w("before"), ""]] + tallies.prefix(5).map { tally in
            [TerminalText.oneLine(tally.text), "\(tally.count)", "\(tally.previous)", Self.change(tally.change)]
        }
        // The counts right-aligned under their headings.
        for column in [1, 2] {
            let width = rows.map { Columns.width($0[column]) }.max() ?? 0
            for row in rows.indices { rows[row][column] = String(repeating: " ", count: width - Columns.width(rows[row][column])) + rows[row][column] }
        }
        return [""] + Columns.align(rows)
    }

    /// +4, −3, ±0.
    static func change(_ n: Int) -> String { n > 0 ? "+\(n)" : n < 0 ? "−\(-n)" : "±0" }
}

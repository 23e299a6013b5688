import HavenCore
import HavenInsights

extension ReportModel {
    /// "When and why" (SPEC §16): the week × hour grid of the range's
    /// moments, shaded by their share of the busiest hour, with what stands
    /// out, the top triggers against the period before, and for avoidance
    /// and `at_most` trackers the days between relapses.
    static func whenAndWhy(_ found: TrackerInsights, words: Words, name: String) -> WhenAndWhy? {
        guard found.moments > 0 else { return nil }
        let say = InsightsSentences(words: words)
        let (cell, step, left, top) = (12, 14, 30, 14)
        let most = found.grid.cells.joined().max() ?? 0
        var cells: [Cell] = []
        for (row, weekday) in Weekday.allCases.enumerated() {
            for hour in 0..<24 {
                let value = found.grid[weekday, hour]
                cells.append(Cell(x: left + hour * step, y: top + row * step,
                                  classes: "w\(InsightsSentences.quarter(value, of: most))",
                                  title: words("{} {}–{} h ({})", words(InsightsSentences.plural[weekday]!), hour, hour + 1,
                                               words.number(value))))
            }
        }
        let hours = stride(from: 0, to: 24, by: 3).map { Label(x: left + $0 * step, y: top - 4, text: String($0)) }
        let weekdays = Weekday.allCases.enumerated().map { row, weekday in
            Label(x: 0, y: top + row * step + cell - 2, text: say.label(weekday))
        }
        let length = say.length(found.range)
        var sentences = [say.busiest(found.grid)]
        if let noticing = found.noticing { sentences.append(say.noticing(noticing, length: length)) }
        if let relapses = found.relapses { sentences += say.relapses(relapses, length: length) }
        let blocks = found.grid.blocks
        return WhenAndWhy(
            title: words("When and why"), width: left + 24 * step, height: top + 7 * step, cell: cell,
            label: words("{}, {} to {}: moments by weekday and hour", name, found.range.from, found.range.to),
            cells: cells, hours: hours, weekdays: weekdays, sentences: sentences,
            triggersTitle: words("Triggers, against the {} before", length),
            triggers: found.triggers.prefix(5).map { tally in
                words("{}: {} ({} before)", clean(tally.text), tally.count, tally.previous)
            },
            header: [""] + stride(from: 0, to: 24, by: 4).map { "\($0)–\($0 + 4)" },
            tableRows: Weekday.allCases.enumerated().map { row, weekday in
                TableRow(cells: [say.label(weekday)] + blocks[row].map(words.number))
            })
    }
}

import HavenCore
import HavenPresentation

/// Outcomes as a grid of days: a symbol each (so the map reads without
/// colour too), coloured on a terminal, today in brackets.
struct HeatMap {
    let console: Console

    static let symbols: [(Outcome, String, Console.Style)] = [
        (.success, "●", .green), (.healed, "◐", .cyan), (.frozen, "❄", .cyan),
        (.broken, "✕", .red), (.neutral, "○", .dim), (.pending, "·", .yellow),
    ]

    var legend: String {
        HeatMap.symbols.map { cell($0.0, today: false).trimmingCharacters() + " " + console.words($0.0.rawValue) }
            .joined(separator: "  ")
    }

    /// Three characters: " ● ", "[●]" for today, "   " for no outcome.
    func cell(_ outcome: Outcome?, today: Bool) -> String {
        guard let outcome, let entry = HeatMap.symbols.first(where: { $0.0 == outcome }) else {
            return today ? "[ ]" : "   "
        }
        let symbol = console.styled(entry.1, entry.2)
        return today ? "[" + symbol + "]" : " " + symbol + " "
    }

    /// Month grids for one tracker, weeks from Monday.
    func months(_ tracker: TrackerDefinition, from first: Day, today: Day, outcomes: [Int: Outcome]) -> [String] {
        let names = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                     "October", "November", "December"]
        var lines = [console.styled(tracker.name.resolve(console.language), .bold)]
        var month = first
        while month <= today {
            lines.append("")
            lines.append("\(console.words(names[month.month - 1])) \(month.year)")
            lines.append(console.words(" Mo Tu We Th Fr Sa Su"))
            var row = String(repeating: "   ", count: Day.weekdayIndex(month.number))
            let length = Day.daysIn(month: month.month, year: month.year)
            for d in 1...length {
                let day = Day(year: month.year, month: month.month, day: d)!
                if let outcome = outcomes[day.number], day <= today {
                    row += cell(outcome, today: day == today)
                } else {
                    // No outcome (before the first day, or still ahead): the date, for orientation.
                    let number = (d < 10 ? " " : "") + String(d)
                    if day == today {
                        // "[10]" is one wider than a cell: it takes the space the day before left.
                        if d >= 10, row.hasSuffix(" ") { row.removeLast() }
                        row += "[" + console.styled(number.trimmingCharacters(), .dim) + "]"
                    } else {
                        row += console.styled(number, .dim) + " "
                    }
                }
                if Day.weekdayIndex(day.number) == 6 || d == length {
                    lines.append(row.trimmingTrailingSpaces())
                    row = ""
                }
            }
            month = month.month == 12 ? Day(year: month.year + 1, month: 1, day: 1)!
                : Day(year: month.year, month: month.month + 1, day: 1)!
        }
        return lines
    }

    /// A year of one tracker as one character a day: the 53 weeks up to
    /// today's, a column a week, Monday on top, months named above.
    func year(_ tracker: TrackerDefinition, today: Day, outcomes: [Int: Outcome]) -> [String] {
        let first = HeatMap.yearStart(today)
        let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var header = Array(repeating: Character(" "), count: 53 + 3)
        var free = 3
        for week in 0..<53 {
            // The month whose first day falls in this week, if its name fits.
            guard let day = (0..<7).map({ Day(number: first + week * 7 + $0) }).first(where: { $0.day == 1 }),
                  3 + week >= free else { continue }
            let name = Array(console.words(names[day.month - 1]).prefix(3))
            for (k, c) in name.enumerated() where 3 + week + k < header.count { header[3 + week + k] = c }
            free = 3 + week + name.count + 1
        }
        var lines = [console.styled(tracker.name.resolve(console.language), .bold), String(header).trimmingTrailingSpaces()]
        let weekdays = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
        for row in 0..<7 {
            var line = (row % 2 == 0 ? console.words(weekdays[row]) : "  ") + " "
            for week in 0..<53 {
                let n = first + week * 7 + row
                guard n <= today.number, let outcome = outcomes[n],
                      let entry = HeatMap.symbols.first(where: { $0.0 == outcome }) else {
                    line += " "
                    continue
                }
                line += console.styled(entry.1, entry.2)
            }
            lines.append(line.trimmingTrailingSpaces())
        }
        return lines
    }

    /// The Monday 52 weeks before the Monday of `today`'s week.
    static func yearStart(_ today: Day) -> Int {
        today.number - Day.weekdayIndex(today.number) - 52 * 7
    }

    /// One row per tracker: its last 28 days, oldest first.
    func overview(_ rows: [(TrackerDefinition, Day, [Int: Outcome])]) -> [String] {
        guard let today = rows.first?.1 else { return [console.words("No trackers yet.")] }
        let text = StatusText(console: console)
        let names = rows.map { text.name($0.0) }
        let width = names.map(Columns.width).max() ?? 0
        // Month names above the first column and above each first of the month.
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var header = Columns.pad("", to: width) + " "
        for offset in -27...0 {
            let day = today.adding(days: offset)
            header += day.day == 1 || offset == -27 ? months[day.month - 1] : "   "
        }
        var lines = [header.trimmingTrailingSpaces()]
        for (index, row) in rows.enumerated() {
            var line = Columns.pad(names[index], to: width) + " "
            for offset in -27...0 {
                let day = row.1.adding(days: offset)
                line += cell(row.2[day.number], today: offset == 0)
            }
            lines.append(line.trimmingTrailingSpaces())
        }
        return lines
    }
}

extension String {
    /// Without leading and trailing spaces: the leading ones by character,
    /// forwards, the trailing ones by bytes (reversing the characters twice,
    /// as this did, is what made the tables slow).
    func trimmingCharacters() -> String {
        String(self[(firstIndex { $0 != " " } ?? endIndex)...]).trimmingTrailingSpaces()
    }

    func trimmingTrailingSpaces() -> String {
        // By bytes from the end: reversing the characters twice cost 200 k
        // instructions a line, 40 % of `status` with 1,000 trackers. A
        // trailing space is never part of another character's cluster.
        var end = utf8.endIndex
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: " ") {
            end = utf8.index(before: end)
        }
        return end == utf8.endIndex ? self : String(self[..<end])
    }
}

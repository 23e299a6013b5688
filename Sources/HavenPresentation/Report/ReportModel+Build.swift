import HavenCore

extension ReportModel {
    /// Sizes, in SVG user units (CSS pixels at 100%).
    enum Size {
        static let cell = 11, step = 13
        static let heatLeft = 30, heatTop = 18
        static let overviewCell = 10, overviewStep = 12, overviewLeft = 130, overviewDays = 49
        static let chartWidth = 700, scoreHeight = 140, chartPad = 30
        static let barHeight = 120, streakRow = 22, streakWidth = 440, barLeft = 40
    }

    /// The order of outcomes in legends and tables.
    static let outcomes: [Outcome] = [.success, .healed, .frozen, .broken, .neutral, .pending]

    public init(_ data: [ReportTrackerData], settings: ReportSettings) {
        let words = Words(language: settings.language)
        title = words("Haven report")
        language = settings.language
        range = "\(settings.from) – \(settings.to)"
        generated = settings.generated
        legend = ReportModel.outcomes.map { LegendItem(outcome: $0.rawValue, label: words($0.rawValue)) }
        text = Texts(legend: words("Legend"), table: words("Table"), month: words("Month"),
                     score: words("Habit strength"), days30: words("30 days"), days365: words("365 days"),
                     outcomes: ReportModel.outcomes.map { words($0.rawValue) })
        overview = ReportModel.overview(data, settings: settings, words: words)
        trackers = data.enumerated().map { index, item in
            ReportModel.tracker(item, index: index, settings: settings, words: words)
        }
    }

    /// Text from files made safe for a document: control characters shown
    /// as their pictures (as on a terminal, SPEC §13), never raw.
    static func clean(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            switch scalar.value {
            case 0x00..<0x20: Unicode.Scalar(0x2400 + scalar.value)!
            case 0x7F: "\u{2421}"
            case 0x80..<0xA0, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFDD0...0xFDEF: "\u{FFFD}"
            default: scalar
            }
        }))
    }

    // MARK: Per day

    /// What one day shows: its outcome (its period's) and what was logged.
    struct DayView {
        var outcome: Outcome?
        var total: DayTotal?
        var frozen: Bool
    }

    static func dayViews(_ item: ReportTrackerData, from: Day, to: Day) -> [Int: DayView] {
        let rules = EngineRules(item.tracker)
        let outcomes = DayOutcomes.expand(item.periods.filter { rules.nextPeriod($0.start) > from.number },
                                          rules: rules, from: from, judgedFrom: item.status.judgedFrom)
        let totals = Dictionary(item.totals.map { ($0.day, $0) }, uniquingKeysWith: { a, _ in a })
        var views: [Int: DayView] = [:]
        for n in from.number...to.number {
            views[n] = DayView(outcome: outcomes[n], total: totals[n], frozen: item.frozen.contains(n))
        }
        return views
    }

    /// The quarter (1...4) each day's sum falls in, ranking the days with a
    /// sum in the range from the smallest (equal sums share the lower
    /// quarter), for count and amount trackers; nil for the others.
    static func intensities(_ item: ReportTrackerData, from: Day, to: Day) -> [Int: Int]? {
        guard item.tracker.input == .count || item.tracker.input == .amount else { return nil }
        let days = item.totals.filter { $0.day >= from.number && $0.day <= to.number && $0.sum > 0 }
        let sorted = days.map(\.sum).sorted()
        var result: [Int: Int] = [:]
        for total in days {
            let rank = sorted.firstIndex(of: total.sum)!
            result[total.day] = 1 + 4 * rank / sorted.count
        }
        return result
    }

    /// The outcome's class, and a successful count's or amount's quarter.
    static func classes(_ view: DayView?, intensity: Int?) -> String {
        let outcome = view?.frozen == true ? .frozen : view?.outcome
        var classes = "o-" + (outcome?.rawValue ?? "none")
        if let intensity, outcome == .success { classes += " q\(intensity)" }
        return classes
    }

    /// "2026-03-01 · success · 3 glasses".
    static func title(_ day: Day, _ view: DayView?, tracker: TrackerDefinition, words: Words) -> String {
        var parts = [day.description]
        if view?.frozen == true {
            parts.append(words(Outcome.frozen.rawValue))
        } else if let outcome = view?.outcome {
            parts.append(words(outcome.rawValue))
        }
        if let total = view?.total {
            switch tracker.input {
            case .count, .amount:
                let unit = tracker.unit.map { " " + clean($0.resolve(words.language)) } ?? ""
                parts.append(Value.format(total.sum) + unit)
            case .check, .levels:
                parts.append(words(total.count == 1 ? "{} entry" : "{} entries", total.count))
            }
        }
        return parts.joined(separator: " · ")
    }

    /// At most `limit` characters, the cut marked with an ellipsis.
    static func short(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }

    // MARK: Overview

    static func overview(_ data: [ReportTrackerData], settings: ReportSettings, words: Words) -> Overview {
        let last = settings.to
        let first = Day(number: max(settings.from.number, last.number - Size.overviewDays + 1))
        let count = last.number - first.number + 1
        var rows: [Overview.Row] = []
        for (index, item) in data.enumerated() {
            let views = dayViews(item, from: first, to: last)
            let intensity = intensities(item, from: first, to: last)
            let y = index * Size.overviewStep
            let cells = (0..<count).map { offset -> Cell in
                let n = first.number + offset
                return Cell(x: Size.overviewLeft + offset * Size.overviewStep, y: y,
                            classes: classes(views[n], intensity: intensity?[n]),
                            title: clean(item.tracker.name.resolve(settings.language)) + ": "
                                + title(Day(number: n), views[n], tracker: item.tracker, words: words))
            }
            rows.append(Overview.Row(name: short(clean(item.tracker.name.resolve(settings.language)), 24), y: y,
                                     cells: cells))
        }
        // The date of every second Monday under the rows.
        let mondays = (0..<count).filter { Day.weekdayIndex(first.number + $0) == 0 }
        let days = stride(from: 0, to: mondays.count, by: 2).map { k in
            Label(x: Size.overviewLeft + mondays[k] * Size.overviewStep, y: data.count * Size.overviewStep + 12,
                  text: String(Day(number: first.number + mondays[k]).description.dropFirst(5)))
        }
        return Overview(cell: Size.overviewCell, width: Size.overviewLeft + count * Size.overviewStep, height: data.count * Size.overviewStep + 18,
                        label: words("All trackers, {} to {}: one row per tracker, one square per day", first, last),
                        rows: rows, days: days)
    }

    // MARK: One tracker

    static func tracker(_ item: ReportTrackerData, index: Int, settings: ReportSettings, words: Words)
        -> TrackerReport {
        let name = clean(item.tracker.name.resolve(settings.language))
        let status = item.status
        let streakWord = words(status.current == 1 ? "{} day" : "{} days", status.current)
        let periodWords = periodWord(item.tracker, count: status.current, words: words)
        let summary = words("streak {}", periodWords ?? streakWord) + " · "
            + words("longest {}", status.longest) + " · " + words("score {}", words.percent(percent(status.score)))
        return TrackerReport(
            anchor: "t\(index)", name: name, icon: clean(item.tracker.icon), summary: summary,
            heatMaps: heatMaps(item, index: index, settings: settings, words: words, name: name),
            score: scoreLine(item, settings: settings, words: words, name: name),
            streaks: streaks(item, words: words, name: name),
            weekdays: weekdays(item, settings: settings, words: words, name: name),
            totals: totals(item, settings: settings, words: words, name: name),
            when: item.insights.flatMap { whenAndWhy($0, words: words, name: name) })
    }

    static func periodWord(_ tracker: TrackerDefinition, count: Int, words: Words) -> String? {
        switch tracker.streak?.period {
        case .week?: words(count == 1 ? "{} week" : "{} weeks", count)
        case .month?: words(count == 1 ? "{} month" : "{} months", count)
        default: nil
        }
    }

    /// A score of 0 to 1 as a share of 100, to one decimal.
    static func percent(_ score: Double) -> Double {
        (score * 1000).rounded() / 10
    }

    /// One heat map per 53 weeks of the range, the latest first, each ending
    /// on the Sunday of its last week.
    static func heatMaps(_ item: ReportTrackerData, index: Int, settings: ReportSettings, words: Words,
                         name: String) -> [HeatMap] {
        let views = dayViews(item, from: settings.from, to: settings.to)
        let intensity = intensities(item, from: settings.from, to: settings.to)
        var maps: [HeatMap] = []
        // The Monday of the week holding the last day.
        var monday = settings.to.number - Day.weekdayIndex(settings.to.number)
        while true {
            let first = monday - 52 * 7
            let lastDay = min(monday + 6, settings.to.number)
            var cells: [Cell] = []
            var months: [Label] = []
            var table: [HeatMap.MonthRow] = []
            for n in max(first, settings.from.number)...lastDay {
                let column = (n - first) / 7, row = Day.weekdayIndex(n)
                let day = Day(number: n)
                cells.append(Cell(x: Size.heatLeft + column * Size.step, y: Size.heatTop + row * Size.step,
                                  classes: classes(views[n], intensity: intensity?[n]),
                                  title: title(day, views[n], tracker: item.tracker, words: words)))
                if day.day == 1 || n == max(first, settings.from.number) {
                    // A month that starts late in the first column gets no label: it would touch the next.
                    if day.day <= 14 {
                        months.append(Label(x: Size.heatLeft + column * Size.step, y: 12,
                                            text: String(words(monthNames[day.month - 1]).prefix(3))))
                    }
                    table.append(HeatMap.MonthRow(month: "\(day.year)-\(day.month < 10 ? "0" : "")\(day.month)",
                                                  counts: Array(repeating: 0, count: outcomes.count)))
                }
                let outcome = views[n]?.frozen == true ? .frozen : views[n]?.outcome
                if let outcome, let k = outcomes.firstIndex(of: outcome), !table.isEmpty {
                    table[table.count - 1].counts[k] += 1
                }
            }
            let weekdays = [(0, "Mo"), (2, "We"), (4, "Fr")].map { row, text in
                Label(x: 0, y: Size.heatTop + row * Size.step + 9, text: words(text))
            }
            maps.append(HeatMap(
                cell: Size.cell, width: Size.heatLeft + 53 * Size.step, height: Size.heatTop + 7 * Size.step,
                label: words("{}: each day from {} to {}, coloured by its outcome", name,
                             Day(number: max(first, settings.from.number)), Day(number: lastDay)),
                cells: cells, months: months, weekdays: weekdays, table: table))
            monday = first - 7
            if first <= settings.from.number { break }
        }
        return maps
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]

    /// The score after each period in the range, as a line from 0 to 100%.
    static func scoreLine(_ item: ReportTrackerData, settings: ReportSettings, words: Words, name: String) -> ScoreLine {
        let rules = EngineRules(item.tracker)
        let shown = item.periods.filter { $0.start >= rules.periodStart(settings.from.number) && $0.start <= settings.to.number }
        let left = Size.chartPad + 10, top = 10
        let width = Size.chartWidth - left - 10, height = Size.scoreHeight - top - 20
        let span = max(1, settings.to.number - settings.from.number)
        let points = shown.map { p -> String in
            let day = max(p.start, settings.from.number)
            let x = left + Int((Double(day - settings.from.number) / Double(span) * Double(width)).rounded())
            let y = top + Int(((1 - p.score) * Double(height)).rounded())
            return "\(x),\(y)"
        }.joined(separator: " ")
        let grid = [0, 25, 50, 75, 100].map { p in
            Label(x: left - 4, y: top + Int((Double(100 - p) / 100 * Double(height)).rounded()), text: words.percent(p))
        }
        let today = item.status.today.number
        func change(_ days: Int) -> String {
            guard let then = score(item.periods, at: today - days, rules: rules) else { return "–" }
            let delta = (item.status.score - then) * 100
            let rounded = (delta * 10).rounded() / 10
            return (rounded > 0 ? "+" : rounded < 0 ? "−" : "±") + words.number(abs(rounded))
        }
        return ScoreLine(
            width: Size.chartWidth, height: Size.scoreHeight,
            label: words("{}: habit strength from {} to {}, 0 to 100%", name, settings.from, settings.to),
            points: points, grid: grid, now: words.percent(percent(item.status.score)), change30: change(30), change365: change(365),
            tableRows: shown.filter { Day(number: $0.start).day == 1 || rules.period != .day }.suffix(24).map {
                TableRow(cells: [Day(number: $0.start).description, words.percent(percent($0.score))])
            })
    }

    /// The score after the period that holds `day`; nil before the first period.
    static func score(_ periods: [PeriodRecord], at day: Int, rules: EngineRules) -> Double? {
        var result: Double?
        for p in periods {
            if p.start > day { break }
            result = p.score
        }
        return result
    }
}

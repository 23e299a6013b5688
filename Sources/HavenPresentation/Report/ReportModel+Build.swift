import HavenCore

extension ReportModel {
    /// Sizes, in SVG user units (CSS pixels at 100%).
    enum Size {
        static let cell = 11, step = 13
        static let heatLeft = 30, heatTop = 18
        static let overviewCell = 10, overviewStep = 12, overviewLeft = 130, overviewDays = 49
        static let chartWidth = 700, scoreHeight = 140, chartPad = 30
        static let barHeight = 120, streakRow = 22, streakWidth = 440
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
                                          rules: rules, from: from)
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
            + words("longest {}", status.longest) + " · " + words("score {}%", percent(status.score))
        return TrackerReport(
            anchor: "t\(index)", name: name, icon: clean(item.tracker.icon), summary: summary,
            heatMaps: heatMaps(item, index: index, settings: settings, words: words, name: name),
            score: scoreLine(item, settings: settings, words: words, name: name),
            streaks: streaks(item, words: words, name: name),
            weekdays: weekdays(item, settings: settings, words: words, name: name),
            totals: totals(item, settings: settings, words: words, name: name))
    }

    static func periodWord(_ tracker: TrackerDefinition, count: Int, words: Words) -> String? {
        switch tracker.streak?.period {
        case .week?: words(count == 1 ? "{} week" : "{} weeks", count)
        case .month?: words(count == 1 ? "{} month" : "{} months", count)
        default: nil
        }
    }

    static func percent(_ score: Double) -> String {
        Value.format((score * 1000).rounded() / 10)
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
            Label(x: left - 4, y: top + Int((Double(100 - p) / 100 * Double(height)).rounded()), text: "\(p)%")
        }
        let today = item.status.today.number
        func change(_ days: Int) -> String {
            guard let then = score(item.periods, at: today - days, rules: rules) else { return "–" }
            let delta = (item.status.score - then) * 100
            let rounded = (delta * 10).rounded() / 10
            return (rounded > 0 ? "+" : rounded < 0 ? "−" : "±") + Value.format(abs(rounded))
        }
        return ScoreLine(
            width: Size.chartWidth, height: Size.scoreHeight,
            label: words("{}: habit strength from {} to {}, 0 to 100%", name, settings.from, settings.to),
            points: points, grid: grid, now: percent(item.status.score), change30: change(30), change365: change(365),
            tableRows: shown.filter { Day(number: $0.start).day == 1 || rules.period != .day }.suffix(24).map {
                TableRow(cells: [Day(number: $0.start).description, percent($0.score) + "%"])
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

    /// The ten longest streaks of the whole history, longest first (the
    /// latest first among equals), as horizontal bars.
    static func streaks(_ item: ReportTrackerData, words: Words, name: String) -> StreakBars {
        let rules = EngineRules(item.tracker)
        var runs: [(length: Int, first: Int, last: Int)] = []
        var previous = 0
        // A run lasts while the streak does not fall; it ends on its last
        // decided period (today, still open, is not part of it yet).
        for p in item.periods where p.outcome != .pending {
            let last = min(rules.nextPeriod(p.start) - 1, item.status.today.number)
            if p.streak > 0 && p.streak >= previous && previous > 0 && !runs.isEmpty {
                runs[runs.count - 1].length = p.streak
                runs[runs.count - 1].last = last
            } else if p.streak > 0 {
                runs.append((p.streak, p.start, last))
            }
            previous = p.streak
        }
        let best = runs.sorted { a, b in a.length != b.length ? a.length > b.length : a.first > b.first }.prefix(10)
        let longest = best.first?.length ?? 1
        let bars = best.enumerated().map { i, run -> Bar in
            let width = max(2, Int((Double(run.length) / Double(longest) * Double(Size.streakWidth)).rounded()))
            let length = periodWord(item.tracker, count: run.length, words: words)
                ?? words(run.length == 1 ? "{} day" : "{} days", run.length)
            let span = "\(Day(number: run.first)) – \(Day(number: run.last))"
            return Bar(x: 0, y: i * Size.streakRow, width: width, height: Size.streakRow - 6,
                       label: length + " · " + span, title: length + ", " + span,
                       labelX: width + 6, labelY: i * Size.streakRow + 12)
        }
        return StreakBars(title: words("Longest streaks"), width: Size.chartWidth, height: max(1, bars.count) * Size.streakRow,
                          label: words("{}: the ten longest streaks", name), bars: bars)
    }

    /// Days with an entry on each weekday of the range.
    static func weekdays(_ item: ReportTrackerData, settings: ReportSettings, words: Words, name: String) -> Bars {
        var counts = Array(repeating: 0, count: 7)
        for total in item.totals where total.day >= settings.from.number && total.day <= settings.to.number
            && total.count > 0 {
            counts[Day.weekdayIndex(total.day)] += 1
        }
        let names = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"].map { words($0) }
        let top = counts.max() ?? 0
        let slot = 44, height = Size.barHeight
        let bars = counts.enumerated().map { i, count -> Bar in
            let h = top == 0 ? 0 : Int((Double(count) / Double(top) * Double(height - 30)).rounded())
            return Bar(x: 10 + i * slot, y: height - 18 - h, width: slot - 12, height: h, label: names[i],
                       title: names[i] + ": " + words(count == 1 ? "{} day" : "{} days", count),
                       labelX: 10 + i * slot + (slot - 12) / 2, labelY: height - 4)
        }
        return Bars(title: words("Weekdays"), width: 10 + 7 * slot, height: height,
                    label: words("{}: days with an entry on each weekday, {} to {}", name, settings.from, settings.to),
                    bars: bars, goal: nil,
                    tableRows: counts.enumerated().map { TableRow(cells: [names[$0], String($1)]) },
                    header: [words("weekday"), words("days")])
    }

    /// Totals per week (per month for monthly trackers) against the goal:
    /// the sum of a count or amount, else the days with an entry.
    static func totals(_ item: ReportTrackerData, settings: ReportSettings, words: Words, name: String) -> Bars {
        let tracker = item.tracker
        let monthly = tracker.streak?.period == .month
        // Buckets: Monday-started weeks, or calendar months, covering the range.
        var buckets: [(first: Int, last: Int)] = []
        var start = monthly
            ? Day(year: settings.from.year, month: settings.from.month, day: 1)!.number
            : settings.from.number - Day.weekdayIndex(settings.from.number)
        while start <= settings.to.number {
            let day = Day(number: start)
            let next = monthly ? start + Day.daysIn(month: day.month, year: day.year) : start + 7
            buckets.append((start, next - 1))
            start = next
        }
        let sums = tracker.input == .count || tracker.input == .amount
        let values = buckets.map { bucket -> Double in
            item.totals.filter { $0.day >= max(bucket.first, settings.from.number) && $0.day <= bucket.last
                && $0.day <= settings.to.number }
                .reduce(0) { $0 + (sums ? $1.sum : ($1.count > 0 ? 1 : 0)) }
        }
        // The goal of a whole bucket.
        let goal: Double? = {
            let days = monthly ? 30.0 : 7.0
            if let times = tracker.streak?.times, tracker.streak?.period == .week || monthly, !sums { return Double(times) }
            switch tracker.goal {
            case .atLeast(let g)?: return sums ? g * days : nil
            case .atMost(let g)?: return sums ? g * days : nil
            case nil: return tracker.mode == nil && !sums && tracker.input == .check ? days : nil
            }
        }()
        let top = max(values.max() ?? 0, goal ?? 0)
        let height = Size.barHeight, plot = height - 30
        let slot = max(4, min(24, (Size.chartWidth - 20) / max(1, buckets.count)))
        let bars = zip(buckets, values).enumerated().map { i, pair -> Bar in
            let (bucket, value) = pair
            let h = top == 0 ? 0 : Int((value / top * Double(plot)).rounded())
            // Months are named under their first week (every bar of a monthly tracker).
            let day = Day(number: bucket.first)
            let label = monthly || day.day <= 7 || (i == 0 && day.day <= 14)
                ? String(words(monthNames[day.month - 1]).prefix(3)) : ""
            let amount = sums ? Value.format(value) + (tracker.unit.map { " " + clean($0.resolve(words.language)) } ?? "")
                : words(value == 1 ? "{} day" : "{} days", Int(value))
            return Bar(x: 10 + i * slot, y: height - 18 - h, width: max(2, slot - 3), height: h, label: label,
                       title: (monthly ? "" : words("week of {}", Day(number: bucket.first)) + ": ") + amount,
                       labelX: 10 + i * slot, labelY: height - 4)
        }
        let goalLine = goal.flatMap { g -> GoalLine? in
            guard top > 0 else { return nil }
            let text = tracker.goal.map { if case .atMost = $0 { return "at most {}" } else { return "goal {}" } } ?? "goal {}"
            return GoalLine(y: height - 18 - Int((g / top * Double(plot)).rounded()), x2: 10 + buckets.count * slot,
                            label: words(text, Value.format(g)))
        }
        return Bars(title: words(monthly ? "Per month" : "Per week"), width: max(Size.chartWidth, 10 + buckets.count * slot),
                    height: height,
                    label: words(monthly ? "{}: totals per month against the goal" : "{}: totals per week against the goal", name),
                    bars: bars, goal: goalLine,
                    tableRows: zip(buckets, values).map { bucket, value in
                        TableRow(cells: [Day(number: bucket.first).description, Value.format(value)])
                    },
                    header: [words(monthly ? "month" : "week"), words(sums ? "total" : "days")])
    }
}

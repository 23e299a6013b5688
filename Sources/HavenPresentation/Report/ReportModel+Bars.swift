import HavenCore

/// The report's bar charts: the longest streaks, weekdays, totals per period.
extension ReportModel {
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
            return Bar(x: Size.barLeft + i * slot, y: height - 18 - h, width: slot - 12, height: h, label: names[i],
                       title: names[i] + ": " + words(count == 1 ? "{} day" : "{} days", count),
                       labelX: Size.barLeft + i * slot + (slot - 12) / 2, labelY: height - 4,
                       value: String(count), valueY: height - 21 - h)
        }
        var chart = Bars(title: words("Weekdays"), width: Size.barLeft + 7 * slot, height: height,
                         label: words("{}: days with an entry on each weekday, {} to {}", name, settings.from, settings.to),
                         bars: bars, goal: nil,
                         tableRows: counts.enumerated().map { TableRow(cells: [names[$0], String($1)]) },
                         header: [words("weekday"), words("days")])
        chart.scaled(top: Double(top), plot: height - 30)
        return chart
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
            // A value over its bar where the bar is wide enough to carry it; the scale and the table always.
            return Bar(x: Size.barLeft + i * slot, y: height - 18 - h, width: max(2, slot - 3), height: h, label: label,
                       title: (monthly ? "" : words("week of {}", Day(number: bucket.first)) + ": ") + amount,
                       labelX: Size.barLeft + i * slot, labelY: height - 4,
                       value: slot >= 20 ? Value.format(value) : "", valueY: height - 21 - h)
        }
        let goalLine = goal.flatMap { g -> GoalLine? in
            guard top > 0 else { return nil }
            let text = tracker.goal.map { if case .atMost = $0 { return "at most {}" } else { return "goal {}" } } ?? "goal {}"
            return GoalLine(y: height - 18 - Int((g / top * Double(plot)).rounded()), x2: Size.barLeft + buckets.count * slot,
                            label: words(text, Value.format(g)))
        }
        var chart = Bars(title: words(monthly ? "Per month" : "Per week"),
                    width: max(Size.chartWidth, Size.barLeft + buckets.count * slot),
                    height: height,
                    label: words(monthly ? "{}: totals per month against the goal" : "{}: totals per week against the goal", name),
                    bars: bars, goal: goalLine,
                    tableRows: zip(buckets, values).map { bucket, value in
                        TableRow(cells: [Day(number: bucket.first).description, Value.format(value)])
                    },
                    header: [words(monthly ? "month" : "week"), words(sums ? "total" : "days")])
        chart.scaled(top: top, plot: plot)
        return chart
    }
}

extension ReportModel.Bars {
    /// The scale at the left (the top value and 0) and the baseline under the bars.
    mutating func scaled(top: Double, plot: Int) {
        let base = height - 18
        axisX1 = ReportModel.Size.barLeft - 4
        axisX2 = max(axisX1, (bars.last.map { $0.x + $0.width } ?? axisX1) + 2)
        axisY = base
        let left = ReportModel.Size.barLeft - 6
        scale = [ReportModel.Label(x: left, y: base, text: "0")]
        if top > 0 { scale.insert(ReportModel.Label(x: left, y: base - plot + 8, text: Value.format(top)), at: 0) }
        for index in bars.indices { bars[index].valueX = bars[index].x + bars[index].width / 2 }
    }
}

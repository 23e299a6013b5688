import HavenCore
import HavenInsights
import HavenPresentation

extension InsightsText {
    /// `haven insights ID --json` (docs/json.md).
    func json(_ found: TrackerInsights) -> Value {
        let previous = found.range.previous
        func number(_ n: Double) -> Value { DefinitionValue.number(n) }
        func tallies(_ list: [Tally]) -> Value {
            .array(list.map { .object([("text", .string($0.text)), ("count", .int($0.count)), ("previous", .int($0.previous)),
                                       ("change", .int($0.change))]) })
        }
        func clock(_ minute: Int?) -> Value {
            minute.map { .string(TimeOfDay(hour: $0 / 60, minute: $0 % 60)!.description) } ?? .null
        }
        var fields: [(String, Value)] = [
            ("tracker", .string(found.tracker.id)), ("from", .string(found.range.from.description)),
            ("to", .string(found.range.to.description)), ("previous_from", .string(previous.from.description)),
            ("previous_to", .string(previous.to.description)), ("start", .string(found.start.description)),
            ("measure", .string(found.amounts ? "amount" : "entries")), ("entries", .int(found.moments)),
            ("total", number(found.total)),
            ("grid", .array(found.grid.cells.map { .array($0.map(number)) })),
            ("busiest", .array(found.grid.busiest(3).map {
                .object([("weekday", .string($0.weekday.rawValue)), ("hour", .int($0.hour)), ("value", number($0.value))])
            })),
            ("weekdays", .array(found.weekdays.map {
                .object([("weekday", .string($0.weekday.rawValue)), ("days", .int($0.days)), ("with_entry", .int($0.withEntry))])
            })),
            ("triggers", tallies(found.triggers)), ("note_words", tallies(found.words)),
        ]
        fields.append(("relapses", found.relapses.map { r in
            .object([("moments", .int(r.moments)), ("days", .int(r.days.count)), ("gaps", .array(r.gaps.gaps.map(Value.int))),
                     ("median_gap", r.gaps.median.map(number) ?? .null), ("longest_gap", r.gaps.longest.map(Value.int) ?? .null),
                     ("by_weekday", .array(r.byWeekday.map(Value.int))), ("by_4_hours", .array(r.byBlock.map(Value.int)))])
        } ?? .null))
        fields.append(("noticing", found.noticing.map { n in
            .object([("median", clock(n.median)), ("previous_median", clock(n.previousMedian)),
                     ("shift_minutes", n.shift.map(Value.int) ?? .null)])
        } ?? .null))
        return .object(fields)
    }
}

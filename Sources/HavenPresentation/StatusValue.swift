import Foundation
import HavenCore

/// The JSON of SPEC §7.1, stable for scripts.
public enum StatusValue {
    public static func streak(_ s: TrackerStatus, language: String) -> Value {
        Value.fields([
            ("tracker", .string(s.tracker.id)),
            ("name", .string(s.tracker.name.resolve(language))),
            ("current", .int(s.current)),
            ("longest", .int(s.longest)),
            ("today", .string(s.outcome.rawValue)),
            ("at_risk", .bool(s.atRisk)),
            ("jokers", .object([("available", .int(s.jokers.available)), ("earned", .int(s.jokers.earned)),
                                ("used", .int(s.jokers.used))])),
            ("freezes", .object([("available", s.freezesAvailable.map(Value.int) ?? .null)])),
            ("score", .fixed(s.score, 6)),
            ("period", StatusValue.period(s.tracker.streak)),
            ("days_left", s.daysLeft.map(Value.int)),
            ("need", s.need.map { .object([("count", .int($0.count)), ("by", .string($0.by.description))]) }),
            ("ended", s.ended.map { .string($0.description) }),
            ("milestone", s.milestone.map(Value.int)),
            ("progress", s.progress.map { p in
                Value.object([("first", .string(p.first.description)), ("last", .string(p.last.description)),
                              ("successes", .int(p.successes)), ("times", .int(s.tracker.streak?.times ?? 1)),
                              ("entries", .int(p.entries)), ("sum", DefinitionValue.number(p.sum)),
                              ("frozen", .bool(p.frozen))])
            }),
            ("archived", .array(s.archived.map { a in
                .object([("mode", .string(a.mode.rawValue)), ("current", .int(a.current)),
                         ("longest", .int(a.longest)), ("from", .string(a.from.description)),
                         ("to", .string(a.to.description))])
            })),
        ])
    }

    public static func entry(_ e: Entry) -> Value {
        let value: Value
        switch e.value {
        case .none: value = .null
        case .level(let key): value = .string(key)
        case .number(let n): value = DefinitionValue.number(n)
        }
        return Value.fields([
            ("id", .int(Int(e.id))),
            ("uuid", e.uuid.isEmpty ? .null : .string(e.uuid)),
            ("tracker", .string(e.tracker)),
            ("day", .string(e.day.description)),
            ("value", value),
            ("at", .string(Moment.iso(e.instant, offset: e.offset))),
            ("zone", .string(e.zone)),
            ("note", e.note.map(Value.string) ?? .null),
            ("trigger", e.trigger.map(Value.string)),
            ("source", .string(e.source)),
        ])
    }

    public static func dayText(_ number: Int) -> String { Day(number: number).description }

    /// `"day"`, `"week"`, `"month"`, or `{"rolling": W}` (SPEC §4.6).
    public static func period(_ rule: StreakRule?) -> Value {
        if let window = rule?.rolling { return .object([("rolling", .int(window))]) }
        return .string((rule?.period ?? .day).rawValue)
    }

    public static func period(_ p: PeriodRecord) -> Value {
        .object([("day", .string(Day(number: p.start).description)), ("outcome", .string(p.outcome.rawValue)),
                 ("streak", .int(p.streak)), ("jokers", .int(p.jokers))])
    }
}

/// Instants as people and scripts read them.
public enum Moment {
    /// ISO 8601 with the offset the entry was logged at: `2026-03-01T21:30:00+01:00`.
    public static func iso(_ instant: Int64, offset: Int) -> String {
        let local = instant / 1000 + Int64(offset)
        let seconds = Int(((local % 86_400) + 86_400) % 86_400)
        let day = Day(number: Int((local - Int64(seconds)) / 86_400))
        let sign = offset < 0 ? "-" : "+"
        let o = abs(offset)
        return "\(day)T\(pad(seconds / 3600)):\(pad(seconds % 3600 / 60)):\(pad(seconds % 60))"
            + (offset == 0 ? "Z" : "\(sign)\(pad(o / 3600)):\(pad(o % 3600 / 60))")
    }

    /// `2026-03-01 21:30`, local to the entry.
    public static func local(_ instant: Int64, offset: Int) -> String {
        let iso = iso(instant, offset: offset)
        return String(iso.prefix(16)).replacingOccurrences(of: "T", with: " ")
    }

    public static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}

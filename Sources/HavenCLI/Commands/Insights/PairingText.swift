import HavenCore
import HavenInsights
import HavenPresentation

/// `haven insights ID --with OTHER` for people: what went together, with
/// the days behind each figure, never why.
struct PairingText {
    let console: Console

    func lines(_ p: Pairing) -> [String] {
        let w = console.words
        let parts = p.groups.enumerated().map { index, group in
            let days = group.side == .rest ? w("on the {} other days", group.days)
                : w(group.days == 1 ? "on the {} day {}" : "on the {} days {}", group.days, side(group.side, p))
            return rate(group, p, days: days, first: index == 0)
        }
        let text = parts.joined(separator: "; ")
        return [text.prefix(1).uppercased() + text.dropFirst() + "."]
    }

    /// "with Drink Water at 8 glasses or more", "after a day with NoAlc Wild".
    private func side(_ side: Pairing.Group.Side, _ p: Pairing) -> String {
        let w = console.words
        let other = p.other.name.resolve(console.language)
        let unit = StatusText(console: console).unit(p.other)
        let avoidance = p.other.avoids
        let what: String
        switch (side, p.split) {
        case (.level(let key), _):
            what = w("with {} {}", other, p.other.levels?.level(key)?.label.resolve(console.language) ?? key)
        case (.noLevel, _): what = w("without {}", other)
        case (_, .atLeast(let n)): what = w("with {} at {} or more", other, w.number(n) + unit)
        case (_, .atMost) where avoidance: what = w("without a relapse of {}", other)
        case (_, .atMost(let n)): what = w("with {} at {} or less", other, w.number(n) + unit)
        case (_, _) where avoidance: what = w("with a relapse of {}", other)
        case (_, _) where p.other.type == .saboteur: what = w("with {} noticed", other)
        case (_, _) where p.other.input == .check: what = w("with {} done", other)
        case (_, _): what = w("with {} logged", other)
        }
        switch p.lag {
        case 0: return what
        case 1: return w("after a day {}", what)
        default: return w("{} days after a day {}", p.lag, what)
        }
    }

    /// "on the 21 days …, Mood was Good or Great on 15 (71%)"; after the first side "on the 33 other days, on 12 (36%)".
    private func rate(_ g: Pairing.Group, _ p: Pairing, days: String, first: Bool) -> String {
        let w = console.words
        let name = p.tracker.name.resolve(console.language)
        let percent = w.percent(Int((g.rate(p.measure) * 100).rounded()))
        switch p.measure {
        case .mean:
            let mean = w.number((g.rate(.mean) * 100).rounded() / 100) + StatusText(console: console).unit(p.tracker)
            return first ? w("{}, {} came to {} a day on average", days, name, mean) : w("{}, {} a day", days, mean)
        case .logged, .levels:
            return first ? w("{}, {} {} on {} ({})", days, name, achieved(p), g.hits, percent)
                : w("{}, on {} ({})", days, g.hits, percent)
        }
    }

    /// "was good or great", "was done", "was noticed", "had a relapse".
    private func achieved(_ p: Pairing) -> String {
        let w = console.words, t = p.tracker
        if case .levels(let keys) = p.measure {
            let labels = keys.map { t.levels?.level($0)?.label.resolve(console.language) ?? $0 }
            return w("was {}", w.list(labels, conjunction: " or "))
        }
        if t.type == .saboteur { return t.mode == .avoidance ? w("had a relapse") : w("was noticed") }
        return w("was done")
    }

    func json(_ p: Pairing) -> Value {
        .object([("tracker", .string(p.tracker.id)), ("with", .string(p.other.id)), ("lag", .int(p.lag)),
                 ("from", .string(p.range.from.description)), ("to", .string(p.range.to.description)),
                 ("split", Self.split(p.split)), ("days", .int(p.days)), ("measure", .string(Self.measure(p.measure))), ("levels", Self.levels(p.measure)),
                 ("groups", .array(p.groups.map { g in
                     .object([("side", .string(Self.side(g.side))), ("level", Self.level(g.side)), ("days", .int(g.days))]
                         + (p.measure == .mean ? [("sum", DefinitionValue.number(g.sum))] : [("hits", .int(g.hits))])
                         + [("rate", .fixed(g.rate(p.measure), 3))])
                 }))])
    }

    static func measure(_ m: Pairing.Measure) -> String {
        switch m {
        case .logged: "logged"
        case .levels: "levels"
        case .mean: "mean"
        }
    }

    /// How OTHER's days are split: its kind, and the goal or limit of a day.
    static func split(_ s: Pairing.Split) -> Value {
        switch s {
        case .logged: .object([("kind", .string("logged")), ("value", .null)])
        case .atLeast(let n): .object([("kind", .string("at_least")), ("value", DefinitionValue.number(n))])
        case .atMost(let n): .object([("kind", .string("at_most")), ("value", DefinitionValue.number(n))])
        case .levels: .object([("kind", .string("levels")), ("value", .null)])
        }
    }

    static func levels(_ m: Pairing.Measure) -> Value {
        if case .levels(let keys) = m { return .array(keys.map(Value.string)) }
        return .null
    }

    static func side(_ s: Pairing.Group.Side) -> String {
        switch s {
        case .matching: "matching"
        case .rest: "rest"
        case .level: "level"
        case .noLevel: "no_level"
        }
    }

    static func level(_ s: Pairing.Group.Side) -> Value {
        if case .level(let key) = s { return .string(key) }
        return .null
    }
}

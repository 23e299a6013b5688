import HavenCore

/// How many freezes a tracker with a `freezes:` block holds (SPEC §4.3):
/// `start`, plus `per_month` on the first of each month and every
/// `freeze grant`, each capped at `max`, less every freeze placed.
enum FreezeBalance {
    static func available(_ policy: FreezePolicy, start: Day, today: Day, freezes: [Freeze],
                          grants: [(amount: Int, at: Int64)], dayOf: (Int64) -> Day) -> Int {
        enum Event { case monthly, grant(Int), placed }
        var events: [(day: Int, order: Int, event: Event)] = []
        var month = Day(year: start.year, month: start.month, day: 1)!
        while true {
            month = month.month == 12 ? Day(year: month.year + 1, month: 1, day: 1)! : Day(year: month.year, month: month.month + 1, day: 1)!
            if month > today { break }
            events.append((month.number, 0, .monthly))
        }
        for grant in grants { events.append((dayOf(grant.at).number, 1, .grant(grant.amount))) }
        for freeze in freezes { events.append((dayOf(freeze.placedAt).number, 2, .placed)) }
        var balance = min(policy.start, policy.max)
        for event in events.sorted(by: { ($0.day, $0.order) < ($1.day, $1.order) }) {
            switch event.event {
            case .monthly: balance = min(policy.max, balance + policy.perMonth)
            case .grant(let n): balance = min(policy.max, balance + n)
            case .placed: balance = max(0, balance - 1)
            }
        }
        return balance
    }
}

import HavenCore

/// How many freezes a tracker with a `freezes:` block holds (SPEC §4.3):
/// `start`, plus `per_month` on the first of each month and every
/// `freeze grant`, each capped at `max`, less every freeze placed.
enum FreezeBalance {
    /// `ledger` holds grants (+N) and placements (-N) in the order they happened.
    static func available(_ policy: FreezePolicy, start: Day, today: Day, ledger: [(change: Int, at: Int64)],
                          dayOf: (Int64) -> Day) -> Int {
        // `per_month` comes on the start day too, then on the first of each month.
        var balance = min(policy.start + policy.perMonth, policy.max)
        var month = start
        var pending = ledger[...]
        func apply(_ change: Int) {
            // A ledger written by another program may hold any number: clamp, never overflow.
            let change = max(-1_000_000, min(1_000_000, change))
            balance = change > 0 ? min(policy.max, balance + change) : max(0, balance + change)
        }
        // Walk the months; a month's grant comes before what happened on its first day.
        while true {
            month = month.month == 12 ? Day(year: month.year + 1, month: 1, day: 1)!
                : Day(year: month.year, month: month.month + 1, day: 1)!
            if month > today { break }
            while let next = pending.first, dayOf(next.at) < month {
                apply(next.change)
                pending = pending.dropFirst()
            }
            balance = min(policy.max, balance + policy.perMonth)
        }
        for entry in pending { apply(entry.change) }
        return balance
    }
}

internal import GRDB
import HavenCore
import SQLiteRows

/// The rows of `hookDays` stepped through `SQLiteRows`: a day_outcome
/// hook's cold walk reads every entry of years, and GRDB's generic
/// decoding of each column cost more than the hook itself (#31 item 2).
/// Every column is checked for the type Haven writes; at the first that
/// is not, nil: the caller reads the rows again the checked way, which
/// names the problem.
enum RawEntries {
    /// `expected`: about how many entries there are, for the buffers' room.
    static func read(_ db: Database, _ sql: String, _ arguments: [SQLiteRows.Argument], effects: [String: Effect],
                     expected: Int) throws -> HookDays? {
        var days = HookDays(effects: effects)
        days.reserve(entries: expected)
        var lastDay: (head: UInt64, tail: UInt16, number: Int)?
        let whole = try db.step(sql, arguments) { row in
            guard row.storage(1) == .integer, row.storage(2) == .integer, row.storage(0) == .text else { return false }
            // Consecutive rows mostly share their day: its ten bytes are compared before they are read.
            let text = row.bytes(0)
            guard text.count == 10 else { return false }
            let head = text.loadUnaligned(as: UInt64.self), tail = text.loadUnaligned(fromByteOffset: 8, as: UInt16.self)
            var number = lastDay?.number ?? 0
            if head != lastDay?.head || tail != lastDay?.tail {
                guard let day = FastDay.parse(text) else { return false }
                number = day.number
                lastDay = (head, tail, number)
            }
            let level = row.storage(3), value: Double?
            switch (level, row.storage(4)) {
            case (.null, .null), (.text, .null): value = nil
            case (.null, .real): value = row.double(4)
            default: return false
            }
            let note = row.storage(5), trigger = row.storage(6)
            guard note == .null || note == .text, trigger == .null || trigger == .text else { return false }
            let local = ((row.int64(1) / 1000 + row.int64(2)) % 86_400 + 86_400) % 86_400
            days.append(day: number, minute: Int(local / 60), number: value, level: level == .text ? row.bytes(3) : nil,
                        note: note == .text ? row.bytes(5) : nil, trigger: trigger == .text ? row.bytes(6) : nil)
            return true
        }
        return whole ? days : nil
    }
}

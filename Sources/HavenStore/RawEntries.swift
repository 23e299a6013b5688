internal import GRDB
import HavenCore
import SQLiteRows

/// The rows of `hookEntries` stepped through `SQLiteRows`: a day_outcome
/// hook's cold walk reads every entry of years, and GRDB's generic
/// decoding of each column cost more than the hook itself (#31 item 2).
/// Every column is checked for the type Haven writes; at the first that
/// is not, nil: the caller reads the rows again the checked way, which
/// names the problem.
enum RawEntries {
    static func read(_ statement: Statement, _ arguments: StatementArguments, tracker: String) throws -> [Entry]? {
        try statement.setArguments(arguments)
        var entries: [Entry] = []
        let whole: Bool
        do {
            whole = try SQLiteRows.step(statement.sqliteStatement) { row in
                guard row.storage(0) == .integer, row.storage(2) == .integer, row.storage(3) == .integer,
                      let day = day(row, 1) else { return false }
                let value: EntryValue
                switch (row.storage(4), row.storage(5)) {
                case (.null, .null): value = .none
                case (.text, .null): value = .level(row.text(4))
                case (.null, .real): value = .number(row.double(5))
                default: return false
                }
                guard let note = optionalText(row, 6), let trigger = optionalText(row, 7) else { return false }
                entries.append(Entry(id: row.int64(0), tracker: tracker, instant: row.int64(2), zone: "",
                                     offset: Int(row.int64(3)), day: day, value: value, note: note, trigger: trigger,
                                     writtenAt: 0))
                return true
            }
        } catch let failure as SQLiteRows.Failure {
            throw DatabaseError(resultCode: ResultCode(rawValue: failure.code), message: failure.message)
        }
        return whole ? entries : nil
    }

    /// nil when the column is neither text nor NULL; .some(nil) for NULL.
    private static func optionalText(_ row: SQLiteRows.Row, _ column: Int32) -> String?? {
        switch row.storage(column) {
        case .null: return .some(nil)
        case .text: return .some(row.text(column))
        default: return nil
        }
    }

    /// YYYY-MM-DD read from its ten bytes, or nil.
    private static func day(_ row: SQLiteRows.Row, _ column: Int32) -> Day? {
        guard row.storage(column) == .text else { return nil }
        return row.withText(column) { b -> Day? in
            guard b.count == 10, b[4] == 45, b[7] == 45 else { return nil }
            func digits(_ from: Int, _ count: Int) -> Int? {
                var n = 0
                for i in from ..< from + count {
                    guard (48 ... 57).contains(b[i]) else { return nil }
                    n = n * 10 + Int(b[i] - 48)
                }
                return n
            }
            guard let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2) else { return nil }
            return Day(year: year, month: month, day: day)
        }
    }
}

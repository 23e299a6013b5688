internal import GRDB
internal import GRDBSQLite
import HavenCore

/// The rows of `hookEntries` read with SQLite's C calls: a day_outcome
/// hook's cold walk reads every entry of years, and GRDB's generic
/// decoding of each column cost more than the hook itself (#31 item 2).
/// Every column is checked for the type Haven writes; at the first that
/// is not, nil: the caller reads the rows again the checked way, which
/// names the problem.
enum RawEntries {
    static func read(_ statement: Statement, _ arguments: StatementArguments, tracker: String) throws -> [Entry]? {
        try statement.setArguments(arguments)
        let s = statement.sqliteStatement
        defer { sqlite3_reset(s) }
        var entries: [Entry] = []
        while true {
            let code = sqlite3_step(s)
            if code == SQLITE_DONE { return entries }
            guard code == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code),
                                    message: String(cString: sqlite3_errmsg(sqlite3_db_handle(s))))
            }
            guard sqlite3_column_type(s, 0) == SQLITE_INTEGER, sqlite3_column_type(s, 2) == SQLITE_INTEGER,
                  sqlite3_column_type(s, 3) == SQLITE_INTEGER, let day = day(s, 1) else { return nil }
            let value: EntryValue
            switch (sqlite3_column_type(s, 4), sqlite3_column_type(s, 5)) {
            case (SQLITE_NULL, SQLITE_NULL): value = .none
            case (SQLITE_TEXT, SQLITE_NULL): value = .level(text(s, 4))
            case (SQLITE_NULL, SQLITE_FLOAT): value = .number(sqlite3_column_double(s, 5))
            default: return nil
            }
            guard let note = optionalText(s, 6), let trigger = optionalText(s, 7) else { return nil }
            entries.append(Entry(id: sqlite3_column_int64(s, 0), tracker: tracker, instant: sqlite3_column_int64(s, 2),
                                 zone: "", offset: Int(sqlite3_column_int64(s, 3)), day: day, value: value,
                                 note: note, trigger: trigger, writtenAt: 0))
        }
    }

    private static func text(_ s: OpaquePointer, _ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(s, column) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(s, column))),
                      as: UTF8.self)
    }

    /// nil when the column is neither text nor NULL; .some(nil) for NULL.
    private static func optionalText(_ s: OpaquePointer, _ column: Int32) -> String?? {
        switch sqlite3_column_type(s, column) {
        case SQLITE_NULL: return .some(nil)
        case SQLITE_TEXT: return .some(text(s, column))
        default: return nil
        }
    }

    /// YYYY-MM-DD read from its ten bytes, or nil.
    private static func day(_ s: OpaquePointer, _ column: Int32) -> Day? {
        guard sqlite3_column_type(s, column) == SQLITE_TEXT, sqlite3_column_bytes(s, column) == 10,
              let b = sqlite3_column_text(s, column) else { return nil }
        func digits(_ from: Int, _ count: Int) -> Int? {
            var n = 0
            for i in from ..< from + count {
                guard (48 ... 57).contains(b[i]) else { return nil }
                n = n * 10 + Int(b[i] - 48)
            }
            return n
        }
        guard b[4] == 45, b[7] == 45, let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2) else {
            return nil
        }
        return Day(year: year, month: month, day: day)
    }
}

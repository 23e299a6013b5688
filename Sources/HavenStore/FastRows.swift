internal import GRDB
import HavenCore
import SQLiteRows

/// The walk's reads stepped through `SQLiteRows` (#31 items 2 and 4):
/// GRDB's checked decoding of each column (a `DatabaseValue`, then the
/// type's conversion) cost more than SQLite's own work on the rows every
/// tracker's walk reads. `fast` reads a row as Haven writes it and returns
/// nil at the first column that is not; the rows are then read again the
/// checked way, which converts what it may and names the problem.
extension Database {
    func rows<T>(_ sql: String, _ arguments: [SQLiteRows.Argument], fast: (SQLiteRows.Row) -> T?,
                 checked: (Row) throws -> T?) throws -> [T] {
        var result: [T] = []
        let whole = try step(sql, arguments) { row in
            guard let value = fast(row) else { return false }
            result.append(value)
            return true
        }
        return whole ? result : try map(sql, Database.checked(arguments), checked)
    }

    /// Binds `arguments` straight (GRDB checks and converts each first, and
    /// binds its own again whenever it runs the statement) and hands each
    /// row to `body` until it returns false; true when every row was taken.
    func step(_ sql: String, _ arguments: [SQLiteRows.Argument], _ body: (SQLiteRows.Row) -> Bool) throws -> Bool {
        let statement = try cachedStatement(sql: sql)
        do {
            try SQLiteRows.bind(statement.sqliteStatement, arguments)
            return try SQLiteRows.step(statement.sqliteStatement, body)
        } catch let failure as SQLiteRows.Failure {
            throw DatabaseError(resultCode: ResultCode(rawValue: failure.code), message: failure.message)
        }
    }

    /// The first row read by `read`, or nil when there is none: a lookup
    /// by key, once per record a sync applies, where GRDB's `Row` cost
    /// 7 % of the sync (D334).
    func first<T>(_ sql: String, _ arguments: [SQLiteRows.Argument], _ read: (SQLiteRows.Row) -> T) throws -> T? {
        var found: T?
        _ = try step(sql, arguments) { row in
            found = read(row)
            return false
        }
        return found
    }

    /// The same arguments for GRDB's checked reading.
    static func checked(_ arguments: [SQLiteRows.Argument]) -> StatementArguments {
        StatementArguments(arguments.map { argument -> DatabaseValue in
            switch argument {
            case .text(let text): text.databaseValue
            case .integer(let n): n.databaseValue
            }
        })
    }
}

extension SQLiteRows.Row {
    /// An integer column, or nil when it holds anything else.
    func integer(_ column: Int32) -> Int64? { storage(column) == .integer ? int64(column) : nil }

    /// An integer or NULL column: .some(nil) for NULL, nil for anything else.
    func optionalInteger(_ column: Int32) -> Int64?? { orNull(column, integer) }

    /// A real column, or nil when it holds anything else.
    func real(_ column: Int32) -> Double? { storage(column) == .real ? double(column) : nil }

    /// A text column, or nil when it holds anything else.
    func textOnly(_ column: Int32) -> String? { storage(column) == .text ? text(column) : nil }

    /// A text or NULL column: .some(nil) for NULL, nil for anything else.
    func optionalText(_ column: Int32) -> String?? { orNull(column, textOnly) }

    /// A YYYY-MM-DD column, or nil.
    func day(_ column: Int32) -> Day? {
        storage(column) == .text ? FastDay.parse(bytes(column)) : nil
    }

    /// A YYYY-MM-DD or NULL column: .some(nil) for NULL, nil for anything else.
    func optionalDay(_ column: Int32) -> Day?? { orNull(column, day) }

    /// A checkpoint's state from its six columns starting at `column`
    /// (streak, longest, earned, used, score, score_started), or nil.
    func walkState(from column: Int32) -> WalkState? {
        guard let streak = integer(column), let longest = integer(column + 1), let earned = integer(column + 2),
              let used = integer(column + 3), let score = real(column + 4), let started = integer(column + 5),
              started == 0 || started == 1 else { return nil }
        return WalkState(streak: Int(streak), longest: Int(longest), earned: Int(earned), used: Int(used),
                         score: score, scoreStarted: started == 1)
    }

    /// `read`'s value, or .some(nil) for NULL; nil when `read` finds the column not as Haven writes it.
    private func orNull<T>(_ column: Int32, _ read: (Int32) -> T?) -> T?? {
        storage(column) == .null ? .some(nil) : read(column).map { .some($0) }
    }
}

enum FastDay {
    /// YYYY-MM-DD read from its ten bytes, or nil.
    static func parse(_ b: UnsafeRawBufferPointer) -> Day? {
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

extension Row {
    /// The same, checked: a column not as Haven writes it is named.
    func walkState(from index: Int, _ table: String) throws -> WalkState {
        WalkState(streak: try value(index, table), longest: try value(index + 1, table),
                  earned: try value(index + 2, table), used: try value(index + 3, table),
                  score: try value(index + 4, table), scoreStarted: try value(index + 5, table))
    }
}

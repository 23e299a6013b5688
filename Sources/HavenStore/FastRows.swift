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
    /// The statement's parameters are bound straight too (GRDB checks and
    /// converts each argument first); GRDB binds its own again whenever it
    /// runs the statement.
    func rows<T>(_ sql: String, _ arguments: [SQLiteRows.Argument], fast: (SQLiteRows.Row) -> T?,
                 checked: (Row) throws -> T?) throws -> [T] {
        let statement = try cachedStatement(sql: sql)
        var result: [T] = []
        let whole: Bool
        do {
            try SQLiteRows.bind(statement.sqliteStatement, arguments)
            whole = try SQLiteRows.step(statement.sqliteStatement) { row in
                guard let value = fast(row) else { return false }
                result.append(value)
                return true
            }
        } catch let failure as SQLiteRows.Failure {
            throw DatabaseError(resultCode: ResultCode(rawValue: failure.code), message: failure.message)
        }
        guard !whole else { return result }
        let checkedArguments = StatementArguments(arguments.map { argument -> DatabaseValue in
            switch argument {
            case .text(let text): text.databaseValue
            case .integer(let n): n.databaseValue
            }
        })
        return try map(sql, checkedArguments, checked)
    }
}

extension SQLiteRows.Row {
    /// An integer column, or nil when it holds anything else.
    func integer(_ column: Int32) -> Int64? { storage(column) == .integer ? int64(column) : nil }

    /// An integer or NULL column: .some(nil) for NULL, nil for anything else.
    func optionalInteger(_ column: Int32) -> Int64?? {
        switch storage(column) {
        case .null: .some(nil)
        case .integer: .some(int64(column))
        default: nil
        }
    }

    /// A real column, or nil when it holds anything else.
    func real(_ column: Int32) -> Double? { storage(column) == .real ? double(column) : nil }

    /// A text column, or nil when it holds anything else.
    func textOnly(_ column: Int32) -> String? { storage(column) == .text ? text(column) : nil }

    /// A text or NULL column: .some(nil) for NULL, nil for anything else.
    func optionalText(_ column: Int32) -> String?? {
        switch storage(column) {
        case .null: .some(nil)
        case .text: .some(text(column))
        default: nil
        }
    }

    /// A YYYY-MM-DD column, or nil.
    func day(_ column: Int32) -> Day? {
        storage(column) == .text ? FastDay.parse(bytes(column)) : nil
    }

    /// A YYYY-MM-DD or NULL column: .some(nil) for NULL, nil for anything else.
    func optionalDay(_ column: Int32) -> Day?? {
        storage(column) == .null ? .some(nil) : day(column).map { .some($0) }
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

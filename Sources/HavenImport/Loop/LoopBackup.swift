import Foundation
internal import GRDB
import HavenCore

/// A Loop Habit Tracker backup (`.db`, its schema up to version 25), read
/// strictly (SPEC §9 `import loop`), and written for `export loop`.
public struct LoopBackup: Sendable {
    public struct Habit: Sendable {
        public var id: Int64
        public var uuid: String
        public var name: String
        public var question: String
        /// 0 yes/no, 1 numeric.
        public var type: Int
        public var numerator: Int
        public var denominator: Int
        /// 0 at least, 1 at most (numeric habits).
        public var targetType: Int
        public var targetValue: Double
        public var unit: String
        public var reminder: (hour: Int, minute: Int)?
        /// The reminder's weekdays, packed as Loop keeps them (`weekdayBits`; 127 every day).
        public var reminderDays: Int
        public var archived: Bool
    }

    public struct Repetition: Sendable {
        public var id: Int64
        public var habit: Int64
        /// Milliseconds at 00:00 UTC of the day.
        public var timestamp: Int64
        /// Yes/no habits: 2 done, 1 derived by Loop, 0 no, 3 skipped, -1 unknown;
        /// numeric habits: the amount × 1000.
        public var value: Int64
        public var notes: String?
    }

    public var habits: [Habit]
    public var repetitions: [Repetition]

    public init(habits: [Habit], repetitions: [Repetition]) {
        self.habits = habits
        self.repetitions = repetitions
    }

    /// Why a file is not a Loop backup.
    public enum NotLoop: Sendable, Equatable {
        case notSQLite
        case noTables
        case noHabitsColumn(String)
        case noRepetitionsColumn(String)
        /// SQLite's own words.
        case unreadable(String)
    }

    /// A backup that could not be written, and the reason.
    public struct CannotWrite: Error, Equatable {
        public var reason: String
    }

    /// A record's column holding the wrong kind of value (thrown inside GRDB's closure).
    private struct BadRecord: Error {
        var problem: ImportProblem
    }

    /// Reads the backup at `path` (`shown` in messages), read-only.
    public static func read(_ path: String, shown: String) throws(ImportError) -> LoopBackup {
        func notLoop(_ why: NotLoop) -> ImportError { ImportError(file: shown, .notLoop(why)) }
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in
                let tables = Set(try String.fetchAll(db, sql: "SELECT lower(name) FROM sqlite_master WHERE type = 'table'"))
                guard tables.contains("habits"), tables.contains("repetitions") else {
                    throw notLoop(.noTables)
                }
                let habitColumns = Set(try Row.fetchAll(db, sql: "PRAGMA table_info(Habits)").map { ($0["name"] as String).lowercased() })
                let repetitionColumns = Set(try Row.fetchAll(db, sql: "PRAGMA table_info(Repetitions)")
                    .map { ($0["name"] as String).lowercased() })
                for column in ["id", "name", "freq_num", "freq_den", "archived"] where !habitColumns.contains(column) {
                    throw notLoop(.noHabitsColumn(column))
                }
                // An older Loop (its schema 12) kept no `value`: a repetition row was a checked day,
                // which is the default Loop's own migration gives the column (2).
                for column in ["habit", "timestamp"] where !repetitionColumns.contains(column) {
                    throw notLoop(.noRepetitionsColumn(column))
                }
                func optional(_ column: String, in columns: Set<String>, default value: String) -> String {
                    columns.contains(column) ? column : value
                }
                let habitsSQL = """
                    SELECT id, \(optional("uuid", in: habitColumns, default: "NULL")), name,
                           \(optional("question", in: habitColumns, default: "''")), \(optional("type", in: habitColumns, default: "0")),
                           freq_num, freq_den, \(optional("target_type", in: habitColumns, default: "0")),
                           \(optional("target_value", in: habitColumns, default: "0")), \(optional("unit", in: habitColumns, default: "''")),
                           \(optional("reminder_hour", in: habitColumns, default: "NULL")),
                           \(optional("reminder_min", in: habitColumns, default: "NULL")), archived,
                           \(optional("reminder_days", in: habitColumns, default: "127"))
                    FROM Habits ORDER BY \(habitColumns.contains("position") ? "position, " : "")id
                    """
                var habits: [Habit] = []
                for row in try Row.fetchAll(db, sql: habitsSQL) {
                    let id: Int64 = try Self.value(row, 0, "Habits", id: nil)
                    func get<T: DatabaseValueConvertible>(_ index: Int) throws -> T { try Self.value(row, index, "Habits", id: id) }
                    func optional<T: DatabaseValueConvertible>(_ index: Int) throws -> T? {
                        row.hasNull(atIndex: index) ? nil : try Self.value(row, index, "Habits", id: id) as T
                    }
                    let hour: Int? = try optional(10), minute: Int? = try optional(11)
                    habits.append(Habit(
                        id: id, uuid: try optional(1) ?? "loop-habit-\(id)", name: try get(2), question: try optional(3) ?? "",
                        type: try optional(4) ?? 0, numerator: try get(5), denominator: try get(6),
                        targetType: try optional(7) ?? 0, targetValue: try optional(8) ?? 0, unit: try optional(9) ?? "",
                        reminder: hour.flatMap { h in minute.map { (h, $0) } }, reminderDays: try optional(13) ?? 127,
                        archived: (try optional(12) ?? 0 as Int) != 0))
                }
                let notes = repetitionColumns.contains("notes") ? "notes" : "NULL"
                let value = repetitionColumns.contains("value") ? "value" : "2"
                var repetitions: [Repetition] = []
                for row in try Row.fetchAll(db, sql: "SELECT id, habit, timestamp, \(value), \(notes) FROM Repetitions ORDER BY id") {
                    let id: Int64 = try Self.value(row, 0, "Repetitions", id: nil)
                    repetitions.append(Repetition(
                        id: id, habit: try Self.value(row, 1, "Repetitions", id: id),
                        timestamp: try Self.value(row, 2, "Repetitions", id: id),
                        value: try Self.value(row, 3, "Repetitions", id: id),
                        notes: row.hasNull(atIndex: 4) ? nil : try Self.value(row, 4, "Repetitions", id: id)))
                }
                return LoopBackup(habits: habits, repetitions: repetitions)
            }
        } catch let problem as ImportError {
            throw problem
        } catch let record as BadRecord {
            throw ImportError(file: shown, record.problem)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT {
            throw notLoop(.notSQLite)
        } catch {
            throw notLoop(.unreadable("\(error)"))
        }
    }

    /// A column's value of the type asked for, never a coerced one (text is not 0).
    private static func value<T: DatabaseValueConvertible>(_ row: Row, _ index: Int, _ table: String, id: Int64?) throws -> T {
        let stored = row[index] as DatabaseValue
        let numberFromText = stored.storage.isText && (T.self == Int64.self || T.self == Int.self || T.self == Double.self)
        guard !numberFromText, let value = T.fromDatabaseValue(stored) else {
            let column = Array(row.columnNames)[index]
            let holds: ImportProblem.StoredValue
            switch stored.storage {
            case .null: holds = .nothing
            case .string(let text): holds = .text(String(text.prefix(40)))
            case .blob(let data): holds = .binary(bytes: data.count)
            default: holds = .other(String(stored.description.prefix(40)))
            }
            throw BadRecord(problem: .loopRecord(table: table, id: id ?? -1, column: column, holds: holds))
        }
        return value
    }
}

extension LoopBackup {
    /// Writes a new backup at `path` (which must not exist), with Loop's
    /// own schema at its version 25, so that Loop can restore it. Written
    /// beside `path` and renamed into place whole.
    public func write(to path: String) throws(CannotWrite) {
        let temporary = path + ".new-\(getpid())"
        unlink(temporary)
        do {
            let queue = try DatabaseQueue(path: temporary)
            try queue.write { db in
                try db.execute(sql: """
                    CREATE TABLE Habits (id integer primary key autoincrement, archived integer, color integer,
                        description text, freq_den integer, freq_num integer, highlight integer, name text,
                        position integer, reminder_hour integer, reminder_min integer,
                        reminder_days integer not null default 127, type integer not null default 0,
                        target_type integer not null default 0, target_value real not null default 0,
                        unit text not null default "", question text, uuid text);
                    CREATE TABLE Repetitions (id integer primary key autoincrement,
                        habit integer not null references habits(id), timestamp integer not null,
                        value integer not null, notes text);
                    CREATE UNIQUE INDEX idx_repetitions_habit_timestamp on Repetitions(habit, timestamp);
                    CREATE TABLE Events (id integer primary key autoincrement, timestamp integer, message text,
                        server_id integer);
                    """)
                for (position, habit) in habits.enumerated() {
                    try db.execute(sql: """
                        INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position,
                            reminder_hour, reminder_min, reminder_days, type, target_type, target_value, unit, question, uuid)
                        VALUES (?, ?, 0, '', ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """, arguments: [habit.id, habit.archived ? 1 : 0, habit.denominator, habit.numerator, habit.name,
                                         position, habit.reminder?.hour, habit.reminder?.minute, habit.reminderDays, habit.type,
                                         habit.targetType, habit.targetValue, habit.unit, habit.question, habit.uuid])
                }
                for repetition in repetitions {
                    try db.execute(sql: "INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (?, ?, ?, ?)",
                                   arguments: [repetition.habit, repetition.timestamp, repetition.value, repetition.notes])
                }
                try db.execute(sql: "PRAGMA user_version = 25")
            }
            try queue.close()
        } catch {
            unlink(temporary)
            throw CannotWrite(reason: "\(error)")
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw CannotWrite(reason: String(cString: strerror(errno)))
        }
    }
}

extension LoopBackup.Habit {
    public init(id: Int64, uuid: String, name: String, type: Int, numerator: Int, denominator: Int, targetType: Int,
                targetValue: Double, unit: String, reminder: (hour: Int, minute: Int)?, reminderDays: Int = 127) {
        self.init(id: id, uuid: uuid, name: name, question: "", type: type, numerator: numerator,
                  denominator: denominator, targetType: targetType, targetValue: targetValue, unit: unit,
                  reminder: reminder, reminderDays: reminderDays, archived: false)
    }
}

extension LoopBackup.Repetition {
    public init(habit: Int64, timestamp: Int64, value: Int64, notes: String?) {
        self.init(id: 0, habit: habit, timestamp: timestamp, value: value, notes: notes)
    }
}

extension DatabaseValue.Storage {
    fileprivate var isText: Bool { if case .string = self { return true } else { return false } }
}

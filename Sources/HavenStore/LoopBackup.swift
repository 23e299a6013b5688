internal import GRDB
import HavenCore

/// A Loop Habit Tracker backup (`.db`, its schema up to version 25), read
/// strictly and never written (SPEC §9 `import loop`).
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

    public enum Problem: Error, Equatable {
        /// Not a Loop backup at all; why.
        case notLoop(String)
        /// A record that cannot be read: its table, id and what is wrong.
        case badRecord(table: String, id: Int64, detail: String)
    }

    /// Reads the backup at `path`, read-only.
    public static func read(_ path: String) throws(Problem) -> LoopBackup {
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in
                let tables = Set(try String.fetchAll(db, sql: "SELECT lower(name) FROM sqlite_master WHERE type = 'table'"))
                guard tables.contains("habits"), tables.contains("repetitions") else {
                    throw Problem.notLoop("it has no Habits and Repetitions tables")
                }
                let habitColumns = Set(try Row.fetchAll(db, sql: "PRAGMA table_info(Habits)").map { ($0["name"] as String).lowercased() })
                let repetitionColumns = Set(try Row.fetchAll(db, sql: "PRAGMA table_info(Repetitions)")
                    .map { ($0["name"] as String).lowercased() })
                for column in ["id", "name", "freq_num", "freq_den", "archived"] where !habitColumns.contains(column) {
                    throw Problem.notLoop("its Habits table has no column \(column)")
                }
                for column in ["habit", "timestamp", "value"] where !repetitionColumns.contains(column) {
                    throw Problem.notLoop("its Repetitions table has no column \(column) (a backup older than Loop 1.8?)")
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
                           \(optional("reminder_min", in: habitColumns, default: "NULL")), archived
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
                        reminder: hour.flatMap { h in minute.map { (h, $0) } }, archived: (try optional(12) ?? 0 as Int) != 0))
                }
                let notes = repetitionColumns.contains("notes") ? "notes" : "NULL"
                var repetitions: [Repetition] = []
                for row in try Row.fetchAll(db, sql: "SELECT id, habit, timestamp, value, \(notes) FROM Repetitions ORDER BY id") {
                    let id: Int64 = try Self.value(row, 0, "Repetitions", id: nil)
                    repetitions.append(Repetition(
                        id: id, habit: try Self.value(row, 1, "Repetitions", id: id),
                        timestamp: try Self.value(row, 2, "Repetitions", id: id),
                        value: try Self.value(row, 3, "Repetitions", id: id),
                        notes: row.hasNull(atIndex: 4) ? nil : try Self.value(row, 4, "Repetitions", id: id)))
                }
                return LoopBackup(habits: habits, repetitions: repetitions)
            }
        } catch let problem as Problem {
            throw problem
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT {
            throw .notLoop("it is not an SQLite database")
        } catch {
            throw .notLoop("\(error)")
        }
    }

    /// A column's value of the type asked for, never a coerced one (text is not 0).
    private static func value<T: DatabaseValueConvertible>(_ row: Row, _ index: Int, _ table: String, id: Int64?) throws -> T {
        let stored = row[index] as DatabaseValue
        let numberFromText = stored.storage.isText && (T.self == Int64.self || T.self == Int.self || T.self == Double.self)
        guard !numberFromText, let value = T.fromDatabaseValue(stored) else {
            let column = Array(row.columnNames)[index]
            let shown: String
            switch stored.storage {
            case .null: shown = "nothing"
            case .string(let text): shown = "the text '\(text.prefix(40))'"
            case .blob(let data): shown = "\(data.count) bytes of binary data"
            default: shown = "\(stored.description.prefix(40))"
            }
            throw Problem.badRecord(table: table, id: id ?? -1, detail: "its \(column) holds \(shown)")
        }
        return value
    }
}

extension DatabaseValue.Storage {
    fileprivate var isText: Bool { if case .string = self { return true } else { return false } }
}

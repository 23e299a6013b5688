import Foundation

/// Other apps' files, made to their formats, for the import tests and the
/// README's example runs.
public enum ImportFixtures {
    /// harsh's `habits` file: headings, comments, and each frequency harsh writes.
    public static let harshHabits = """
        # My habits
        ! Body
        Gym: 3/7
        Pullups: 1
        Called Mom: 7
        Coffee: 0

        """

    /// harsh's `log`: comments, amounts, a skip, and a day written twice (the last line wins).
    public static let harshLog = """
        2026-03-01 : Gym : y
        2026-03-02 : Pullups : y : new record : 25
        2026-03-03 : Pullups : y :  : 20
        2026-03-03 : Gym : y : legs
        2026-03-04 : Gym : s
        2026-03-05 : Gym : y
        2026-03-05 : Called Mom : y
        2026-03-06 : Coffee : y :  : 3
        2026-03-06 : Gym : y
        2026-03-06 : Gym : n

        """

    /// A backup as Loop Habit Tracker 2 writes it (its schema version 25):
    /// a yes/no habit with a reminder, a 3/7 one, numeric at-least and
    /// at-most ones; `repetitions` are SQL value rows.
    public static func loopBackup(_ path: String, repetitions: String = loopRepetitions) {
        _ = SQLite.run(path, loopSchema(version: 25) + """
            INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position,
                reminder_hour, reminder_min, type, target_type, target_value, unit, question, uuid) VALUES
                (1, 0, 0, '', 1, 1, 0, 'Meditate', 0, 7, 30, 0, 0, 0, '', 'Did you meditate?', 'aaaa0001'),
                (2, 0, 0, '', 7, 3, 0, 'Gym', 1, NULL, NULL, 0, 0, 0, '', '', 'aaaa0002'),
                (3, 0, 0, '', 1, 1, 0, 'Run', 2, NULL, NULL, 1, 0, 5, 'km', '', 'aaaa0003'),
                (4, 0, 0, '', 1, 1, 0, 'Coffee', 3, NULL, NULL, 1, 1, 2, 'cups', '', 'aaaa0004');
            INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES \(repetitions);
            """)
    }

    /// Loop's database as its own migrations leave it at `version` (9 to
    /// 25), step by step: the tables each version made, the columns each
    /// added with their defaults, the tables it dropped or rebuilt.
    public static func loopSchema(version: Int) -> String {
        let steps: [(Int, String)] = [
            (9, """
                CREATE TABLE Habits (id integer primary key autoincrement, archived integer, color integer,
                    description text, freq_den integer, freq_num integer, highlight integer, name text, position integer,
                    reminder_hour integer, reminder_min integer);
                CREATE TABLE Checkmarks (id integer primary key autoincrement, habit integer references habits(id),
                    timestamp integer, value integer);
                CREATE TABLE Repetitions (id integer primary key autoincrement, habit integer references habits(id),
                    timestamp integer);
                CREATE TABLE Streak (id integer primary key autoincrement, end integer, habit integer references habits(id),
                    length integer, start integer);
                CREATE TABLE Score (id integer primary key autoincrement, habit integer references habits(id),
                    score integer, timestamp integer);
                """),
            (11, "ALTER TABLE Habits ADD COLUMN reminder_days integer not null default 127;"),
            (13, "CREATE INDEX idx_repetitions_habit_timestamp ON Repetitions(habit, timestamp);"),
            (16, """
                ALTER TABLE Habits ADD COLUMN type integer not null default 0;
                ALTER TABLE Repetitions ADD COLUMN value integer not null default 2;
                """),
            (18, """
                ALTER TABLE Habits ADD COLUMN target_type integer not null default 0;
                ALTER TABLE Habits ADD COLUMN target_value real not null default 0;
                ALTER TABLE Habits ADD COLUMN unit text not null default "";
                """),
            (19, "CREATE TABLE Events (id integer primary key autoincrement, timestamp integer, message text, server_id integer);"),
            (20, "DROP TABLE Checkmarks; DROP TABLE Streak; DROP TABLE Score;"),
            (22, """
                DROP INDEX idx_repetitions_habit_timestamp;
                ALTER TABLE Repetitions RENAME TO Old;
                CREATE TABLE Repetitions (id integer primary key autoincrement, habit integer not null references habits(id),
                    timestamp integer not null, value integer not null);
                CREATE UNIQUE INDEX idx_repetitions_habit_timestamp ON Repetitions(habit, timestamp);
                INSERT INTO Repetitions SELECT * FROM Old;
                DROP TABLE Old;
                """),
            (23, "ALTER TABLE Habits ADD COLUMN question text; UPDATE Habits SET question = description, description = '';"),
            (24, "ALTER TABLE Habits ADD COLUMN uuid text;"),
            (25, "ALTER TABLE Repetitions ADD COLUMN notes text;"),
        ]
        return steps.filter { $0.0 <= version }.map(\.1).joined(separator: "\n") + "\nPRAGMA user_version = \(version);\n"
    }

    /// 2026-03-01 .. 03-05 at 00:00 UTC, as Loop stamps its days.
    public static func stamp(_ day: Int) -> String { "\(1_772_323_200_000 + Int64(day - 1) * 86_400_000)" }

    /// Five days of the four habits: done, skipped (3), filled in by Loop (1),
    /// numbers in thousandths, notes.
    public static var loopRepetitions: String {
        """
        (1, \(stamp(1)), 2, 'calm'), (1, \(stamp(2)), 2, NULL), (1, \(stamp(3)), 1, NULL), (1, \(stamp(4)), 3, NULL),
        (2, \(stamp(1)), 2, NULL), (2, \(stamp(3)), 2, NULL), (2, \(stamp(5)), 2, ''), (2, \(stamp(2)), 0, NULL),
        (3, \(stamp(1)), 5500, 'park'), (3, \(stamp(2)), 0, NULL), (4, \(stamp(1)), 3000, NULL), (4, \(stamp(2)), 1000, NULL)
        """
    }
}

import HavenCore
import HavenImport
import HavenPresentation

extension Invocation {
    /// A file an import could not read, as a message and an exit status,
    /// in the person's language.
    static func cliError(_ error: ImportError, words: Words) -> CLIError {
        if error.problem == .missing { return CLIError(.noInput, words("no such file or folder: {}", error.file)) }
        return CLIError(.dataError, message(error, words: words))
    }

    static func message(_ error: ImportError, words: Words) -> String {
        let file = error.file
        let at = error.line.map { "\(file):\($0)" } ?? file
        func none(_ text: String) -> String { words("{}; nothing was imported", text) }
        switch error.problem {
        case .missing: return words("no such file or folder: {}", file)
        case .tooLarge(let bytes): return words("{} holds {} bytes, more than the 1 GiB an import reads", file, bytes)
        case .notPlain(let problem): return "\(file) \(problem)"
        case .unreadable(let reason): return words("cannot read {}: {}", file, reason)
        case .cannotUnpack(let reason): return none(words("{} cannot be unpacked: {}", file, reason))
        case .harshHabitLine: return none(words("{}: a habit is written 'Name: frequency', like 'Gym: 3/7'", at))
        case .harshHabitTwice(let name):
            return none(words("{}: '{}' is in the habits file twice; keep one line for it", at, name.prefix(60)))
        case .harshFrequency(let text):
            return none(words("{}: '{}' is not a frequency harsh writes (1, 7, 1w, 3/7 or 0)", at, text))
        case .harshEndDate(let text):
            return none(words("{}: '{}' is not the day a habit ended; write it YYYY-MM-DD, like 'Gym: 3/7: 2026-06-30'",
                              at, text.prefix(20)))
        case .harshLogLine: return none(words("{}: a log line is written 'YYYY-MM-DD : Habit : y', with y, n or s", at))
        case .harshUnknownHabit(let habit):
            return none(words("{}: no habit '{}' in the habits file; add it there or remove the line", at, habit.prefix(60)))
        case .harshResult(let text): return none(words("{}: '{}' is not y, n or s", at, text.prefix(20)))
        case .harshAmount(let text): return none(words("{}: the amount '{}' is not a number", at, text.prefix(20)))
        case .loopCSVHeader: return none(words("{}: not the header Loop writes (Position, Name, Type, …)", at))
        case .loopCSVHabit: return none(words("{}: a habit needs its position, name and frequency", at))
        case .loopCSVDay: return none(words("{}: a day is written 'YYYY-MM-DD,VALUE'", at))
        case .loopCSVValue(let text): return none(words("{}: '{}' is not a value Loop writes", at, text.prefix(20)))
        case .quotedFieldOpen: return none(words("{}: a quoted field never ends", at))
        case .loopUUID(let text):
            return none(words("{}: a habit's uuid '{}' is not one line of at most 200 characters", file,
                              TerminalText.oneLine(String(text.prefix(40)))))
        case .importedText(let trigger, let tracker, let day, let problem):
            let field = trigger ? words("trigger") : words("note")
            switch problem {
            case .tooLong(let characters, _):
                return none(words("{}: the {} of {} on {} has {} characters, more than the {} Haven keeps; shorten it there "
                    + "and export again", file, field, tracker, day, characters,
                                  trigger ? TextRule.triggerLimit : TextRule.noteLimit))
            case .control:
                return none(words("{}: the {} of {} on {} holds a control character; remove it there and export again",
                                  file, field, tracker, day))
            case .bidi(let code):
                return none(words("{}: the {} of {} on {} holds the direction control U+{}; remove it there and export again",
                                  file, field, tracker, day, code))
            }
        case .notLoop(let why):
            return none(words("{} is not a Loop Habit Tracker backup: {}", file, notLoop(why, words)))
        case .loopRecord(let table, let id, let column, let holds):
            return none(words("{}: {} record {}: its {} holds {}", file, table, id, column, stored(holds, words)))
        case .loopOrphan(let repetition, let habit):
            return none(words("{}: Repetitions record {}: its habit {} is not in the Habits table", file, repetition, habit))
        case .notHavenHistory:
            return none(words("{}: this is not a file 'haven export json' wrote (its first line names the format "
                + "haven-history)", at))
        case .newerHistory(let version):
            return none(words("{}: this file was written by a newer Haven (version {}); update Haven to read it", at, version))
        case .emptyHistory: return none(words("{}: the file is empty", at))
        case .notJSONObject: return none(words("{}: this line is not a JSON object", at))
        case .levelAndNumber: return none(words("{}: an entry holds a level or a number, not both", at))
        case .unknownKind(let kind):
            return none(words("{}: unknown kind '{}'; a line is an entry, freeze, freeze_change, tracker, mode_epoch or "
                + "archived_streak", at, kind.prefix(40)))
        case .keyMissing(let key): return none(words("{}: '{}' is missing", at, key))
        case .keyType(let key, let expected): return none(words("{}: '{}' must be {}", at, key, self.expected(expected, words)))
        case .healthFolder:
            return none(words("{}: is a folder; give the export.zip Apple Health made, or the export.xml inside it", file))
        case .healthEmpty: return none(words("{}: is empty; give the export.zip Apple Health made", file))
        case .notZip: return none(words("{}: is not a zip archive Haven can read", file))
        case .noExportXML:
            return none(words("{}: holds no export.xml; give the export.zip Apple Health made (Health, your picture, "
                + "Export All Health Data)", file))
        case .damaged:
            return none(words("{}: is damaged (its checksum does not match what the zip says); export it from Health again",
                              file))
        case .notAppleHealth(let detail): return none(words("{}: not an Apple Health export: {}", at, detail))
        case .truncated(let detail): return none(words("{}: {}; export it from Health again", at, detail))
        case .xml(let detail): return none("\(at): \(detail)")
        case .recordWithout(let attribute): return none(words("{}: a Record without its {}", at, attribute))
        case .badTime(let attribute, let value):
            return none(words("{}: the {} '{}' is not written YYYY-MM-DD HH:MM:SS +HHMM", at, attribute, value))
        case .noHealthType(let type):
            let has = type.map { words("its health type is {}", $0) } ?? words("it has no 'health:'")
            return words("{} takes no Apple Health type Haven imports ({}); give --tracker a tracker whose health type is "
                + "{}, or leave --tracker out", file, has, AppleHealthImporter.types.joined(separator: ", "))
        }
    }

    private static func notLoop(_ why: LoopBackup.NotLoop, _ words: Words) -> String {
        switch why {
        case .notSQLite: words("it is not an SQLite database")
        case .noTables: words("it has no Habits and Repetitions tables")
        case .noHabitsColumn(let column): words("its Habits table has no column {}", column)
        case .noRepetitionsColumn(let column):
            words("its Repetitions table has no column {} (a backup older than Loop 1.8?)", column)
        case .unreadable(let reason): reason
        }
    }

    private static func stored(_ value: ImportProblem.StoredValue, _ words: Words) -> String {
        switch value {
        case .nothing: words("nothing")
        case .text(let text): words("the text '{}'", text)
        case .binary(let bytes): words("{} bytes of binary data", bytes)
        case .other(let text): text
        }
    }

    private static func expected(_ expected: HistoryFile.Expected, _ words: Words) -> String {
        switch expected {
        case .text: words("text")
        case .wholeNumber: words("a whole number")
        case .positiveNumber: words("a number above 0")
        case .day: words("a day like 2026-03-01")
        case .trackerID: words("a tracker id like water")
        case .uuid: words("a UUID like 0190f3a2-b4c5-7fff-bfff-000000000001")
        case .mode: words("awareness or avoidance")
        }
    }
}

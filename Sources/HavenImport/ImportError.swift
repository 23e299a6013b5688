import HavenCore
/// Why a file could not be imported, as facts: which file (a member of
/// an archive after a colon, `backup.zip: Habits.csv`), which line when it
/// is one line's, and what is wrong. The CLI words it; nothing is imported.
public struct ImportError: Error, Sendable, Equatable {
    public var file: String
    /// 1-based; nil when the problem is the whole file's.
    public var line: Int?
    public var problem: ImportProblem

    public init(file: String, line: Int? = nil, _ problem: ImportProblem) {
        self.file = file
        self.line = line
        self.problem = problem
    }
}

/// What is wrong with a file an import reads.
public enum ImportProblem: Sendable, Equatable {
    // Any file.
    /// No such file or folder.
    case missing
    /// More than the 1 GiB an import reads.
    case tooLarge(bytes: Int)
    /// Not a plain file (the system's words: "is a folder", …).
    case notPlain(String)
    /// Reading failed (the system's reason).
    case unreadable(String)
    /// An archive that cannot be unpacked (the archive library's reason).
    case cannotUnpack(String)

    // harsh (`habits` and `log`).
    case harshHabitLine
    case harshHabitTwice(name: String)
    case harshFrequency(String)
    /// The third part of a habit line, which harsh reads as the day it ended.
    case harshEndDate(String)
    case harshLogLine
    case harshUnknownHabit(String)
    case harshResult(String)
    case harshAmount(String)

    // Loop Habit Tracker: the CSV export and the backup.
    case loopCSVHeader
    case loopCSVHabit
    case loopCSVDay
    case loopCSVValue(String)
    case quotedFieldOpen
    /// Not a Loop backup at all.
    case notLoop(LoopBackup.NotLoop)
    /// A record of a Loop backup whose column holds the wrong kind of value.
    case loopRecord(table: String, id: Int64, column: String, holds: StoredValue)
    /// A repetition of a habit the Habits table lacks.
    case loopOrphan(repetition: Int64, habit: Int64)

    // Any importer's texts (#28): a note or trigger as the CLI takes it.
    /// A note (`trigger` false) or trigger of `tracker` on `day` that the
    /// CLI would refuse.
    case importedText(trigger: Bool, tracker: String, day: Day, TextRule.Problem)
    /// A Loop habit whose uuid is not one (it goes into the tracker file).
    case loopUUID(String)

    // Haven's own history (`export json`).
    case notHavenHistory
    case newerHistory(version: Int64)
    case emptyHistory
    case notJSONObject
    case levelAndNumber
    case unknownKind(String)
    case keyMissing(String)
    case keyType(String, HistoryFile.Expected)

    // Apple Health's export.
    case healthFolder
    case healthEmpty
    case notZip
    case noExportXML
    case damaged
    /// libxml2 found no XML, or XML that is not well-formed (its words).
    case notAppleHealth(String)
    /// The XML stops before its elements close.
    case truncated(String)
    /// Reading or parsing failed otherwise (the reader's words).
    case xml(String)
    case recordWithout(attribute: String)
    case badTime(attribute: String, value: String)
    /// `--tracker` named a tracker (the error's `file`) whose health type
    /// (nil: it has none) is not one Haven imports.
    case noHealthType(String?)

    /// A value a database column held, for messages.
    public enum StoredValue: Sendable, Equatable {
        case nothing
        case text(String)
        case binary(bytes: Int)
        case other(String)
    }
}

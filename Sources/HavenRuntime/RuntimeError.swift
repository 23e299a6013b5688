import HavenCore
import HavenImport
import HavenPacks
import HavenSync
import HavenStore

/// Why the runtime could not answer a command.
public enum RuntimeError: Error, Equatable, Sendable {
    /// The built-in core pack was not found next to the binary or in the checkout.
    case corePackNotFound
    /// No live tracker has this id; `suggestion` is the closest one, and
    /// `preset` a preset of that name that could be added.
    case unknownTracker(String, suggestion: String?, preset: String? = nil)
    /// The tracker's file has problems, so it was not loaded.
    case skippedTracker(String, file: String)
    /// No pack has this preset (`pack/id`).
    case unknownPreset(String, suggestion: String?)
    /// A path named on the command line does not exist.
    case pathNotFound(String)
    /// The home could not be written (first run).
    case homeNotWritable(String, reason: String)
    /// A file outside the home could not be written or removed (a systemd unit).
    case cannotWrite(String, reason: String)
    /// A program or service Haven needs is not there (git, a sync server).
    case serviceUnavailable(String)
    /// Sync (SPEC §12): not set up, a server that refused, a key that is not one.
    case sync(SyncError)
    /// The pack manager refused (SPEC §8).
    case packs(PackError)
    /// A file an import reads cannot be read; nothing was imported (SPEC §9).
    case cannotImport(ImportError)
    /// Files an import made have problems; nothing was imported.
    case packInvalid(id: String, diagnostics: [Diagnostic], action: String = "installed")
    /// A request that cannot be done as asked; the CLI says what to do instead.
    case rejected(Rejection)
    /// A value the tracker cannot take; the CLI says what to type instead.
    case badValue(BadValue)
    /// The start of more than one level key (`candidates`, in the level set's order).
    case ambiguousLevel(tracker: String, start: String, candidates: [String])
    /// A level key the tracker does not have.
    case unknownLevel(tracker: String, key: String, valid: [String], suggestion: String?)
    /// No entry has this id.
    case unknownEntry(Int64)
    /// Undo found no entry.
    case nothingToUndo
    /// A freeze on a day before the tracker started.
    case freezeBeforeStart(tracker: String, day: Day, start: Day)
    /// The freeze balance cannot cover the days asked for.
    case noFreezesLeft(tracker: String, available: Int, asked: Int)
    /// The database said no.
    case database(DatabaseProblem)
    /// A Lua hook failed; the message names file, line, hook, tracker and day.
    case hook(String)
    /// A `validate` hook refused the entry with `message`.
    case refused(file: String, message: String)
}

/// A value a tracker cannot take, said as facts: how to write the command
/// instead is the command line's business.
public enum BadValue: Equatable, Sendable {
    /// A check tracker was given a value.
    case checkTakesNone(tracker: String, text: String)
    /// Not a whole number from 1 to 1,000,000.
    case count(tracker: String, text: String)
    /// No amount, or not a number greater than 0 (`text` nil when missing).
    case amount(tracker: String, text: String?, unit: LocalizedText?)
    /// A levels tracker was given no level.
    case levelMissing(tracker: String, keys: [String])
    /// `edit` was told nothing to change.
    case nothingToChange(entry: Int64)
    /// `--health` for a tracker without levels.
    case noLevels(tracker: String, isCheck: Bool)
    /// No level holds a health value; `ranges` as "key low–high".
    case noLevelForHealth(tracker: String, value: Double, ranges: [String], firstLevel: String)
    /// A note or trigger longer than `limit` characters (or four bytes each).
    case textTooLong(field: TextField, limit: Int, characters: Int, bytes: Int)
    /// A note or trigger with a control character (line break, tab, escape).
    case textControl(field: TextField)
    /// A note or trigger with a bidirectional control (`code` as hex).
    case textBidi(field: TextField, code: String)
    /// `--at` that is not a time.
    case unreadableTime(String)
    /// `--at` after now (`now` as "YYYY-MM-DD HH:MM").
    case futureTime(String, now: String)
    /// `--at` more than 100 years ago.
    case ancientTime(String)
    /// `--from` after `--to`.
    case reversedRange(from: Day, to: Day)
    /// `--from` after the tracker's today.
    case rangeAfterToday(from: Day, today: Day, tracker: String)
    /// `freeze grant` for a tracker without a `freezes:` block (unlimited).
    case noFreezeBalance(tracker: String)
    /// `freeze grant` of a number outside 1 to 100.
    case freezeGrant(Int)
}

/// A request the runtime turns down, as facts.
public enum Rejection: Equatable, Sendable {
    /// `order` named a tracker twice.
    case namedTwice(String)
    /// `mode` of a good habit.
    case modesAreForSaboteurs(String)
    /// The home's file for a pack's tracker does not extend it (`path` as shown).
    case fileDoesNotAdjust(path: String, pack: String, id: String)
    /// Not a tracker id.
    case notATrackerID(String)
    /// `add` of an id a tracker has (`file` defines it).
    case idTaken(id: String, file: String)
    /// `add` where the home already has that file (as shown).
    case fileExists(String)
    /// `remove` of a core tracker the home has no file for.
    case coreTracker(String)
    /// The home's `pack.yaml` has a `disabled:` line that is not a list (its path as shown).
    case disabledNotAList(String)
    /// `entries --days` below 1.
    case days(Int)
    /// A range of days whose first is after its last.
    case rangeBackwards(from: Day, to: Day)
    /// `skip` of more than a year at once.
    case freezeTooLong(from: Day, to: Day)
    /// `--health` that is not a finite number.
    case healthNotANumber
}

/// The free-text fields of an entry.
public enum TextField: String, Sendable {
    case note, trigger
}

extension RuntimeError {
    static func store(_ error: StoreError) -> RuntimeError { .database(error) }
}

/// What `skip` did: the days newly frozen and the freezes that cost.
public struct SkipResult: Sendable, Equatable {
    public var days: [Day]
    /// Periods newly frozen: one freeze each.
    public var spent: Int
}

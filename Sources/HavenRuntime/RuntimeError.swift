import HavenCore
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
    /// A value, time or text the person typed cannot be used; the message says what to type.
    case invalidInput(String)
    /// A value the tracker cannot take; the CLI says what to type instead.
    case badValue(BadValue)
    /// A level key the tracker does not have.
    case unknownLevel(tracker: String, key: String, valid: [String], suggestion: String?)
    /// No entry has this id.
    case unknownEntry(Int64)
    /// Undo found no entry.
    case nothingToUndo
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
    case amount(tracker: String, text: String?, unit: String?)
    /// A levels tracker was given no level.
    case levelMissing(tracker: String, keys: [String])
    /// `edit` was told nothing to change.
    case nothingToChange(entry: Int64)
    /// `--health` for a tracker without levels.
    case noLevels(tracker: String, isCheck: Bool)
    /// No level holds a health value; `ranges` as "key low–high".
    case noLevelForHealth(tracker: String, value: Double, ranges: [String], firstLevel: String)
}

extension RuntimeError {
    static func store(_ error: StoreError) -> RuntimeError { .database(DatabaseProblem(error)) }
}

/// Why the database could not answer, in the runtime's own words: what
/// the person can do differs by case (wait, move the file aside, free
/// space, make the folder writable).
public enum DatabaseProblem: Equatable, Sendable {
    /// Written by a newer Haven; left untouched.
    case newerSchema(path: String)
    /// Another process held it longer than the busy timeout.
    case busy(path: String)
    /// Not an SQLite database, or damaged.
    case damaged(path: String, reason: String)
    /// Another program's SQLite database.
    case foreign(path: String)
    /// Empty (0 bytes): a copy or sync that failed.
    case empty(path: String)
    /// A row of the wrong type; `detail` names table, column and value.
    case badRow(path: String, detail: String)
    /// The disk is full.
    case full(path: String)
    /// The file or its folder cannot be written.
    case readOnly(path: String)
    /// The database could not be made.
    case cannotCreate(path: String, reason: String)
    /// Reading or writing failed.
    case io(path: String, reason: String)
    /// Anything else SQLite said.
    case unreadable(path: String, reason: String)
    /// A row that does not exist.
    case notFound(String)
    /// Removed or replaced since it was opened.
    case replaced(path: String)

    init(_ error: StoreError) {
        switch error {
        case .newerSchema(let path): self = .newerSchema(path: path)
        case .busy(let path): self = .busy(path: path)
        case .damaged(let path, let reason): self = .damaged(path: path, reason: reason)
        case .foreign(let path): self = .foreign(path: path)
        case .empty(let path): self = .empty(path: path)
        case .badRow(let path, let detail): self = .badRow(path: path, detail: detail)
        case .full(let path): self = .full(path: path)
        case .readOnly(let path): self = .readOnly(path: path)
        case .cannotCreate(let path, let reason): self = .cannotCreate(path: path, reason: reason)
        case .io(let path, let reason): self = .io(path: path, reason: reason)
        case .unreadable(let path, let reason): self = .unreadable(path: path, reason: reason)
        case .notFound(let what): self = .notFound(what)
        case .replaced(let path): self = .replaced(path: path)
        }
    }
}

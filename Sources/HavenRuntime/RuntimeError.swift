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
    /// A level key the tracker does not have.
    case unknownLevel(tracker: String, key: String, valid: [String], suggestion: String?)
    /// No entry has this id.
    case unknownEntry(Int64)
    /// Undo found no entry.
    case nothingToUndo
    /// The freeze balance cannot cover the days asked for.
    case noFreezesLeft(tracker: String, available: Int, asked: Int)
    /// The database said no.
    case store(StoreError)
    /// A Lua hook failed; the message names file, line, hook, tracker and day.
    case hook(String)
    /// A `validate` hook refused the entry with `message`.
    case refused(file: String, message: String)
}

import HavenCore
import HavenImport
import HavenPacks
import HavenRuntime
import HavenSync
import HavenPresentation

extension Invocation {
    /// The one mapping from runtime errors to messages and exit codes, in
    /// the person's language where Haven speaks it.
    static func cliError(_ error: RuntimeError, words: Words = Words(language: "en")) -> CLIError {
        switch error {
        case .corePackNotFound:
            return CLIError(.software, words("cannot find the built-in core pack; reinstall Haven with 'make install', "
                + "or set {} to its folder (the repository's trackers/)", CorePackLocator.variable))
        case .unknownTracker(let id, let suggestion, let preset):
            if let preset, suggestion == nil {
                return CLIError(.noInput, words("no tracker '{}' yet; to track it, create trackers/{}.yaml in your home "
                    + "holding 'extends: {}'", id, id, preset))
            }
            if let suggestion {
                return CLIError(.noInput, words("no tracker '{}'; did you mean '{}'? 'haven trackers' lists them", id,
                                                suggestion))
            }
            return CLIError(.noInput, words("no tracker '{}'; 'haven trackers' lists them", id))
        case .skippedTracker(let id, let file):
            return CLIError(.dataError, words("'{}' was not loaded: {} has problems; 'haven validate' shows them", id, file))
        case .unknownPreset(let reference, let suggestion):
            if let suggestion {
                return CLIError(.noInput, words("no preset '{}' (did you mean '{}'?); presets are written PACK/PRESET, "
                    + "like core/water", reference, suggestion))
            }
            return CLIError(.noInput, words("no preset '{}'; presets are written PACK/PRESET, like core/water", reference))
        case .pathNotFound(let path):
            return CLIError(.noInput, words("no such file or folder: {}", path))
        case .homeNotWritable(let path, let reason):
            return CLIError(.cannotCreate, words("cannot create {}: {}; pass --home DIR with a folder you can write", path,
                                                 reason))
        case .cannotWrite(let path, let reason):
            return CLIError(.cannotCreate, words("cannot write {}: {}", path, reason))
        case .cannotImport(let problem):
            return cliError(problem, words: words)
        case .rejected(let rejection):
            return CLIError(.dataError, message(rejection, words: words))
        case .serviceUnavailable(let message):
            return CLIError(.unavailable, message)
        case .packs(let problem):
            return cliError(problem, words: words)
        case .sync(let problem):
            return cliError(problem, words: words)
        case .packInvalid(let id, let diagnostics, let action):
            let count = Diagnostic.problems(in: diagnostics)
            return CLIError(.dataError, words("'{}' was not {}: {} found; nothing in your home changed", id,
                                              words(action), words.count(count, "problem", "problems"))
                + "\n" + diagnostics.map(words.diagnostic).joined(separator: "\n"))
        case .badValue(let problem):
            return CLIError(.dataError, message(problem, words: words))
        case .ambiguousLevel(let tracker, let start, let candidates):
            return CLIError(.dataError, words("'{}' starts more than one level of '{}': {}; type more of it, for example: "
                + "haven log {} {}", start, tracker, candidates.joined(separator: ", "), tracker, candidates[0]))
        case .unknownLevel(let tracker, let key, let valid, let suggestion):
            let levels = valid.joined(separator: ", ")
            if let suggestion {
                return CLIError(.dataError, words("'{}' has no level '{}' (did you mean '{}'?); its levels are {}; for "
                    + "example: haven log {} {}", tracker, key, suggestion, levels, tracker, suggestion))
            }
            return CLIError(.dataError, words("'{}' has no level '{}'; its levels are {}; for example: haven log {} {}",
                                              tracker, key, levels, tracker, valid.first ?? ""))
        case .unknownEntry(let id):
            return CLIError(.noInput, words("no entry {}; 'haven entries ID' lists entries with their numbers", id))
        case .nothingToUndo:
            return CLIError(.noInput, words("nothing to undo: no entries yet"))
        case .freezeBeforeStart(let tracker, let day, let start):
            return CLIError(.dataError, words("'{}' started on {}, so {} has nothing to freeze; skip days from {} on, "
                + "for example: haven skip {} {}", tracker, start, day, start, tracker, start))
        case .noFreezesLeft(let tracker, let available, let asked):
            let left = words(available == 1 ? "{} freeze" : "{} freezes", available)
            return CLIError(.dataError, words("'{}' has {} left and this needs {}; 'haven freeze grant {} N' adds more",
                                              tracker, left, asked, tracker))
        case .hook(let message):
            return CLIError(.dataError, message)
        case .refused(let file, let message):
            return CLIError(.dataError, words("{} refused this entry: {}", file, message))
        case .database(let error):
            return cliError(error, words: words)
        }
    }

    static func cliError(_ error: DatabaseProblem, words: Words) -> CLIError {
        switch error {
        case .busy(let path):
            return CLIError(.tempFailure, words("the database {} stayed busy (another Haven is writing); nothing was "
                + "written, try again", path))
        case .newerSchema(let path):
            return CLIError(.dataError, words("the database {} was written by a newer Haven; it was left untouched: "
                + "update Haven to use it", path))
        case .notFound(let what):
            return CLIError(.noInput, words("no {}", what))
        case .damaged(let path, let reason):
            return CLIError(.dataError, words("{} is not a Haven database, or it is damaged ({}); nothing was changed. "
                + "Restore a backup, or move it aside (mv {} {}.broken) to start a new history", path, reason, path, path))
        case .foreign(let path):
            return CLIError(.dataError, words("{} is another program's SQLite database, not Haven's; nothing was "
                + "changed. Use --home with another folder, or move it aside (mv {} {}.other)", path, path, path))
        case .empty(let path):
            return CLIError(.dataError, words("{} is empty (0 bytes), perhaps a copy or sync that failed; it was left "
                + "as it is. Restore a backup over it, or remove it (rm {}) to start a new history", path, path))
        case .badRow(let path, let detail):
            return CLIError(.dataError, words("{} holds a row Haven cannot read: {}; nothing was changed. Restore a "
                + "backup, or correct the row with sqlite3", path, detail))
        case .full(let path):
            return CLIError(.ioError, words("the disk holding {} is full; nothing was written. Free some space and try "
                + "again", path))
        case .readOnly(let path):
            return CLIError(.ioError, words("cannot write {}: it or its folder is read-only; nothing was written. "
                + "Reading commands still work; make the folder writable, or use --home with one that is", path))
        case .cannotCreate(let path, let reason):
            return CLIError(.cannotCreate, words("cannot create the database {}: {}; pass --home DIR with a folder you "
                + "can write", path, reason))
        case .io(let path, let reason):
            return CLIError(.ioError, words("cannot read or write {}: {}; nothing was written. Check the disk, or "
                + "restore a backup", path, reason))
        case .unreadable(let path, let reason):
            return CLIError(.software, words("cannot use the database {}: {}", path, reason))
        case .replaced(let path):
            return CLIError(.tempFailure, words("the database {} was removed or replaced since Haven opened it (a sync "
                + "tool?); nothing was written. Quit and start Haven again to use the file there now", path))
        case .recordClash(let detail):
            return CLIError(.dataError, words("{}; nothing of that batch was kept", detail))
        }
    }

    /// Sync's exit codes: 64 not set up or not an address, 65 a key or a
    /// record that is not one, 69 a server that is not a haven-server, 75 a
    /// stream another device moved on, 77 refused by the server.
    /// Sync's refusals: a database problem as any other, the rest with sync's words.
    /// What was wrong with a value, and the command to type instead.
    static func message(_ problem: BadValue, words: Words) -> String {
        switch problem {
        case .checkTakesNone(let id, let text):
            return words("'{}' is a check tracker and takes no value, not '{}'; log it with: haven log {}", id, text, id)
        case .count(let id, let text):
            return words("a count is a whole number from 1 to 1000000, not '{}'; for example: haven log {} +1", text, id)
        case .amount(let id, nil, let unit):
            return words("'{}' needs an amount{}; for example: haven log {} 10", id, inUnit(unit, words), id)
        case .amount(let id, let text?, let unit):
            return words("an amount is a number greater than 0 with at most three decimals{}, not '{}'; for example: "
                + "haven log {} 12.5", inUnit(unit, words), text, id)
        case .levelMissing(let id, let keys):
            return words("'{}' needs a level: {}; for example: haven log {} {}", id, keys.joined(separator: ", "), id,
                         keys.first ?? "")
        case .nothingToChange(let entry):
            return words("say what to change: a value, --at, --note or --trigger; for example: haven edit {} --note "
                + "\"after dinner\"", entry)
        case .noLevels(let id, let isCheck):
            return words("'{}' has no levels, so --health cannot pick one; log it with: haven log {} {}", id, id,
                         isCheck ? "" : words("VALUE"))
        case .noLevelForHealth(let id, let value, let ranges, let first):
            let known = ranges.isEmpty ? words("; its levels have no health_range")
                : words("; its ranges are {}", ranges.joined(separator: ", "))
            return words("no level of '{}' holds the health value {}{}; or log the level itself: haven log {} {}", id,
                         value.plainText, known, id, first)
        case .textTooLong(let field, let limit, let characters, let bytes):
            let has = words(characters == 1 ? "{} character" : "{} characters", characters)
            return words("a \(field) may hold at most {} characters and {} bytes, and this one has {} in {} bytes; "
                + "shorten it", limit, 4 * limit, has, bytes)
        case .textControl(let field):
            return words("a \(field) cannot hold control characters such as line breaks, tabs or escapes; write it on "
                + "one line, as plain text")
        case .textBidi(let field, let code):
            return words("a \(field) cannot hold the bidirectional control U+{}, which reorders the text shown around "
                + "it; leave it out", code)
        case .unreadableTime(let text):
            return words("cannot read the time '{}'; write it as \"YYYY-MM-DD HH:MM\", HH:MM (today), yesterday, "
                + "\"yesterday 22:00\", -2h or -1d, for example --at \"2026-03-01 21:30\"", text)
        case .futureTime(let text, let now):
            return words("--at {} is in the future; Haven logs what already happened (now is {})", text, now)
        case .ancientTime(let text):
            return words("--at {} is more than 100 years ago; check the year", text)
        case .reversedRange(let from, let to):
            return words("--from {} is after --to {}; give the earlier day first", from, to)
        case .rangeAfterToday(let from, let today, let tracker):
            return words("--from {} is after today ({} for {}); history reaches today at most", from, today, tracker)
        case .noFreezeBalance(let tracker):
            return words("'{}' has no freezes block, so its freezes are unlimited; add 'freezes: { start: 0, max: 3 }' "
                + "to its file to keep a balance", tracker)
        case .freezeGrant(let count):
            return words("grant 1 to 100 freezes at a time, not {}", count)
        }
    }

    private static func inUnit(_ unit: LocalizedText?, _ words: Words) -> String {
        unit.map { words(" in {}", $0.resolve(words.language)) } ?? ""
    }
}

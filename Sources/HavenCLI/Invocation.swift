import Foundation
import HavenCore
import HavenRuntime

/// What a command runs with: the environment, the console and, once opened,
/// the runtime and session. One-shot commands open their own; a REPL or a
/// script passes a `SessionCache` so that every line reuses them.
struct Invocation {
    let options: GlobalOptions
    let environment: [String: String]
    let currentDirectory: String
    let console: Console
    let cache: SessionCache?

    /// `options` are the command's; `base` the REPL's, for what the line leaves out.
    init(_ options: GlobalOptions, base: GlobalOptions? = nil, cache: SessionCache? = nil) {
        self.init(options, base: base, cache: cache, environment: cache?.environment ?? ProcessInfo.processInfo.environment,
                  currentDirectory: cache?.currentDirectory ?? FileManager.default.currentDirectoryPath)
    }

    private init(_ options: GlobalOptions, base: GlobalOptions?, cache: SessionCache?, environment: [String: String],
                 currentDirectory: String) {
        var merged = options
        if let base {
            merged.home = options.home ?? base.home
            merged.now = options.now ?? base.now
            merged.lang = options.lang ?? base.lang
            merged.json = options.json || base.json
            merged.noColor = options.noColor || base.noColor
        }
        self.options = merged
        self.cache = cache
        self.environment = environment
        self.currentDirectory = currentDirectory
        console = Console(color: Console.wantsColor(noColorFlag: merged.noColor, environment: environment),
                          language: Console.language(option: merged.lang, environment: environment))
        if let asked = merged.lang, !Words.languages.contains(console.language), !Invocation.languageWarned {
            Invocation.languageWarned = true
            console.err("haven: warning: Haven does not speak '\(asked)' yet, so it answers in English (it speaks "
                + Words.languages.joined(separator: " and ") + "); names a pack gives in that language are still used")
        }
    }

    nonisolated(unsafe) private static var languageWarned = false

    /// A path the person typed, made absolute from the current folder.
    func path(_ given: String) -> String {
        HomeLayout.absolute(given, from: currentDirectory)
    }

    /// Opens the home (or reuses it while nothing changed); says once what a
    /// first run created and, on each load, which files were skipped.
    /// A `.tracker` scope that finds no such tracker loads every live tracker
    /// instead, so that the error can name the closest ids.
    /// `validate` lists every problem itself, so it does not announce the skipped files.
    func openRuntime(scope: Runtime.Scope = .live, announceSkipped: Bool = true) throws -> Runtime {
        if let runtime = cache?.runtime, runtime.scope.covers(scope), cache?.home == options.home, !runtime.isStale {
            return runtime
        }
        var runtime = try loadRuntime(scope)
        let created = runtime.createdOnFirstRun
        if case .tracker(let id) = scope, !runtime.trackers.contains { $0.id == id } {
            runtime = try loadRuntime(.live)
        }
        if !created.isEmpty {
            console.err("Welcome to Haven. Created " + created.joined(separator: " and ")
                + "; edit them, or drop more tracker files next to them.")
        }
        if announceSkipped {
            // A pack waiting for trust is not a problem of its files: it says so in its own line.
            let waiting = runtime.awaitingTrust
            let packs = waiting.map { runtime.layout.configDisplay + "/packs/" + $0 }
            let skipped = runtime.skipped.filter { !packs.contains($0) }
            if !waiting.isEmpty {
                let one = waiting.count == 1
                let who = one ? "the pack \(waiting[0]) waits" : "the packs \(waiting.joined(separator: ", ")) wait"
                console.err("haven: \(who) for your trust and load\(one ? "s" : "") nothing until then; 'haven pack trust "
                    + "\(one ? waiting[0] : "ID")' shows what \(one ? "it brings" : "one brings")")
            }
            if !skipped.isEmpty {
                console.err("haven: skipped \(skipped.count) file\(skipped.count == 1 ? "" : "s") with problems: "
                    + skipped.joined(separator: ", ") + " (run 'haven validate' for details)")
            }
        }
        if let cache {
            cache.runtime = runtime
            cache.session = nil
            cache.home = options.home
        }
        return runtime
    }

    private func loadRuntime(_ scope: Runtime.Scope) throws -> Runtime {
        if options.home?.isEmpty == true {
            throw CLIError(.usage, "--home needs a folder, for example --home ~/haven; leave it out to use "
                + "HAVEN_HOME or the usual folders")
        }
        return try Runtime(home: options.home, environment: environment, currentDirectory: currentDirectory,
                           executable: CorePackLocator.currentExecutable(), scope: scope, watch: cache != nil)
    }

    /// Opens the home and its database, with "now" from `--now`, `HAVEN_NOW` or the clock.
    /// A one-shot command about one `tracker` loads only that tracker's files;
    /// a REPL loads every tracker once and keeps them.
    func openSession(tracker: String? = nil) throws -> Session {
        let runtime = try openRuntime(scope: cache == nil ? tracker.map { .tracker($0) } ?? .live : .live)
        let clock = try self.clock()
        if let session = cache?.session, session.runtime === runtime {
            session.clock = clock
            return session
        }
        let delay = Int(environment["HAVEN_TEST_WRITE_DELAY_MS"] ?? "") ?? 0
        let session = try Session(runtime: runtime, clock: clock, writeDelay: delay)
        cache?.session = session
        return session
    }

    /// Now: `--now`, else `HAVEN_NOW`, else the clock; in the zone of `TZ`.
    func clock() throws -> Clock {
        let zone = TimeZone.current
        Invocation.warnAboutZone(environment["TZ"], console: console)
        guard let text = options.now ?? environment["HAVEN_NOW"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            return Clock(now: Date(), zone: zone)
        }
        guard let parsed = TimeInput.parse(text, zone: zone) else {
            throw CLIError(.usage, "cannot read the time '\(text)' given by --now or HAVEN_NOW; write it as "
                + "\"YYYY-MM-DD HH:MM\" (local time) or with an offset, e.g. \"2026-03-01T21:30+01:00\"")
        }
        return Clock(now: parsed, zone: zone)
    }

    nonisolated(unsafe) private static var zoneWarned = false

    /// A `TZ` naming no zone this system knows makes every time UTC: said
    /// once per process, on standard error.
    static func warnAboutZone(_ tz: String?, console: Console) {
        guard !zoneWarned, var name = tz, !name.isEmpty else { return }
        if name.hasPrefix(":") { name.removeFirst() }
        let known = TimeZone(identifier: name) != nil || name.hasPrefix("/")
            || FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/" + name)
        guard !known else { return }
        zoneWarned = true
        console.err("haven: warning: TZ='\(tz!)' is not a time zone this system knows, so times are UTC; set TZ to "
            + "a zone such as Europe/Berlin, or unset it")
    }

    /// Names each hook that failed on standard error, after a command's
    /// output about every other tracker, and ends with exit 65.
    func reportHookFailures(_ messages: [String]) throws {
        guard !messages.isEmpty else { return }
        for message in messages { console.err("haven: error: " + message) }
        throw CLIError.silent(.dataError)
    }

    /// What was wrong with a value, and the command to type instead.
    static func message(_ problem: BadValue) -> String {
        switch problem {
        case .checkTakesNone(let id, let text):
            return "'\(id)' is a check tracker and takes no value, not '\(text)'; log it with: haven log \(id)"
        case .count(let id, let text):
            return "a count is a whole number from 1 to 1000000, not '\(text)'; for example: haven log \(id) +1"
        case .amount(let id, nil, let unit):
            return "'\(id)' needs an amount\(unit.map { " in \($0)" } ?? ""); for example: haven log \(id) 10"
        case .amount(let id, let text?, let unit):
            return "an amount is a number greater than 0 with at most three decimals\(unit.map { " in \($0)" } ?? ""), "
                + "not '\(text)'; for example: haven log \(id) 12.5"
        case .levelMissing(let id, let keys):
            return "'\(id)' needs a level: \(keys.joined(separator: ", ")); for example: haven log \(id) \(keys.first ?? "")"
        case .nothingToChange(let entry):
            return "say what to change: a value, --at, --note or --trigger; for example: haven edit \(entry) --note "
                + "\"after dinner\""
        case .noLevels(let id, let isCheck):
            return "'\(id)' has no levels, so --health cannot pick one; log it with: haven log \(id) " + (isCheck ? "" : "VALUE")
        case .noLevelForHealth(let id, let value, let ranges, let first):
            return "no level of '\(id)' holds the health value \(value.plainText)"
                + (ranges.isEmpty ? "; its levels have no health_range" : "; its ranges are " + ranges.joined(separator: ", "))
                + "; or log the level itself: haven log \(id) \(first)"
        }
    }

    /// The one mapping from runtime errors to messages and exit codes.
    static func cliError(_ error: RuntimeError) -> CLIError {
        switch error {
        case .corePackNotFound:
            return CLIError(.software, "cannot find the built-in core pack; reinstall Haven with 'make install', "
                + "or set \(CorePackLocator.variable) to its folder (the repository's trackers/)")
        case .unknownTracker(let id, let suggestion, let preset):
            if let preset, suggestion == nil {
                return CLIError(.noInput, "no tracker '\(id)' yet; to track it, create trackers/\(id).yaml in your "
                    + "home holding 'extends: \(preset)'")
            }
            let hint = suggestion.map { "did you mean '\($0)'? " } ?? ""
            return CLIError(.noInput, "no tracker '\(id)'; \(hint)'haven trackers' lists them")
        case .skippedTracker(let id, let file):
            return CLIError(.dataError, "'\(id)' was not loaded: \(file) has problems; 'haven validate' shows them")
        case .unknownPreset(let reference, let suggestion):
            let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
            return CLIError(.noInput, "no preset '\(reference)'\(hint); presets are written PACK/PRESET, like core/water")
        case .pathNotFound(let path):
            return CLIError(.noInput, "no such file or folder: \(path)")
        case .homeNotWritable(let path, let reason):
            return CLIError(.cannotCreate, "cannot create \(path): \(reason); pass --home DIR with a folder you can write")
        case .invalidInput(let message):
            return CLIError(.dataError, message)
        case .packRefused(let message):
            return CLIError(.dataError, message)
        case .diskFull(let path, let action):
            return CLIError(.ioError, "the disk holding \(path) is full; nothing was \(action). Free some space and try again")
        case .packsBusy(let home):
            return CLIError(.tempFailure, "another 'haven pack' command is changing the packs of \(home); try again "
                + "when it has finished")
        case .interrupted(let action):
            return CLIError(.interrupted, "interrupted; nothing was \(action)")
        case .serviceUnavailable(let message):
            return CLIError(.unavailable, message)
        case .packInvalid(let id, let diagnostics, let action):
            let count = Diagnostic.problems(in: diagnostics)
            return CLIError(.dataError, "'\(id)' was not \(action): \(count) \(count == 1 ? "problem" : "problems") found; "
                + "nothing in your home changed\n" + diagnostics.map(\.rendered).joined(separator: "\n"))
        case .badValue(let problem):
            return CLIError(.dataError, message(problem))
        case .unknownLevel(let tracker, let key, let valid, let suggestion):
            let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
            return CLIError(.dataError, "'\(tracker)' has no level '\(key)'\(hint); its levels are "
                + valid.joined(separator: ", ") + "; for example: haven log \(tracker) \(suggestion ?? valid.first ?? "")")
        case .unknownEntry(let id):
            return CLIError(.noInput, "no entry \(id); 'haven entries ID' lists entries with their numbers")
        case .nothingToUndo:
            return CLIError(.noInput, "nothing to undo: no entries yet")
        case .freezeBeforeStart(let tracker, let day, let start):
            return CLIError(.dataError, "'\(tracker)' started on \(start), so \(day) has nothing to freeze; "
                + "skip days from \(start) on, for example: haven skip \(tracker) \(start)")
        case .noFreezesLeft(let tracker, let available, let asked):
            return CLIError(.dataError, "'\(tracker)' has \(available) \(available == 1 ? "freeze" : "freezes") left "
                + "and this needs \(asked); 'haven freeze grant \(tracker) N' adds more")
        case .hook(let message):
            return CLIError(.dataError, message)
        case .refused(let file, let message):
            return CLIError(.dataError, "\(file) refused this entry: \(message)")
        case .database(let error):
            switch error {
            case .busy(let path):
                return CLIError(.tempFailure, "the database \(path) stayed busy (another Haven is writing); "
                    + "nothing was written, try again")
            case .newerSchema(let path):
                return CLIError(.dataError, "the database \(path) was written by a newer Haven; it was left "
                    + "untouched: update Haven to use it")
            case .notFound(let what):
                return CLIError(.noInput, "no \(what)")
            case .damaged(let path, let reason):
                return CLIError(.dataError, "\(path) is not a Haven database, or it is damaged (\(reason)); nothing "
                    + "was changed. Restore a backup, or move it aside (mv \(path) \(path).broken) to start a new history")
            case .foreign(let path):
                return CLIError(.dataError, "\(path) is another program's SQLite database, not Haven's; nothing was "
                    + "changed. Use --home with another folder, or move it aside (mv \(path) \(path).other)")
            case .empty(let path):
                return CLIError(.dataError, "\(path) is empty (0 bytes), perhaps a copy or sync that failed; it was left "
                    + "as it is. Restore a backup over it, or remove it (rm \(path)) to start a new history")
            case .badRow(let path, let detail):
                return CLIError(.dataError, "\(path) holds a row Haven cannot read: \(detail); nothing was changed. "
                    + "Restore a backup, or correct the row with sqlite3")
            case .full(let path):
                return CLIError(.ioError, "the disk holding \(path) is full; nothing was written. Free some space "
                    + "and try again")
            case .readOnly(let path):
                return CLIError(.ioError, "cannot write \(path): it or its folder is read-only; nothing was written. "
                    + "Reading commands still work; make the folder writable, or use --home with one that is")
            case .cannotCreate(let path, let reason):
                return CLIError(.cannotCreate, "cannot create the database \(path): \(reason); pass --home DIR with a "
                    + "folder you can write")
            case .io(let path, let reason):
                return CLIError(.ioError, "cannot read or write \(path): \(reason); nothing was written. Check the "
                    + "disk, or restore a backup")
            case .unreadable(let path, let reason):
                return CLIError(.software, "cannot use the database \(path): \(reason)")
            case .replaced(let path):
                return CLIError(.tempFailure, "the database \(path) was removed or replaced since Haven opened it "
                    + "(a sync tool?); nothing was written. Quit and start Haven again to use the file there now")
            }
        }
    }
}

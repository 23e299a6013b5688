import Foundation
import HavenCore
import HavenImport
import HavenSystem
import HavenPacks
import HavenInsights
import HavenQuick
import HavenReminders
import HavenRuntime
import HavenSync
import HavenPresentation

/// What a command runs with: the environment, the console and, once opened,
/// the runtime and session. One-shot commands open their own; a REPL or a
/// script passes a `SessionCache` so that every line reuses them.
struct Invocation {
    let options: Globals
    let environment: [String: String]
    let currentDirectory: String
    private(set) var console: Console
    let cache: SessionCache?

    /// `options` are the command's; `base` the REPL's, for what the line leaves out.
    init(_ options: Globals, base: Globals? = nil, cache: SessionCache? = nil) {
        self.init(options, base: base, cache: cache, environment: cache?.environment ?? ProcessEnvironment.current,
                  currentDirectory: cache?.currentDirectory ?? FileManager.default.currentDirectoryPath)
    }

    private init(_ options: Globals, base: Globals?, cache: SessionCache?, environment: [String: String],
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
        console.strictWords = environment["HAVEN_TEST_STRICT_WORDS"] == "1"
        if let asked = merged.lang, !Words.languages.contains(console.language), !Invocation.languageWarned {
            Invocation.languageWarned = true
            console.err("haven: warning: Haven does not speak '\(asked)' yet, so it answers in English (it speaks "
                + Words.languages.joined(separator: " and ") + "); names a pack gives in that language are still used")
        }
    }

    nonisolated(unsafe) private static var languageWarned = false

    /// Runs `body`; a runtime error leaves as a message in this invocation's language.
    /// Its line starts "haven: error:" in the language too.
    func performing(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            var said: CLIError
            switch error {
            case let error as RuntimeError: said = Invocation.cliError(error, words: console.words)
            case let error as PackError: said = Invocation.cliError(error, words: console.words)
            case let error as ReminderError: said = Invocation.cliError(error, words: console.words)
            case let error as QuickError: said = Invocation.cliError(error, words: console.words)
            case let error as InsightsError: said = Invocation.cliError(error, words: console.words)
            case let error as SyncError: said = Invocation.cliError(error, words: console.words)
            case let error as ImportError: said = Invocation.cliError(error, words: console.words)
            case let error as CLIError: said = error
            default: throw error
            }
            if said.label == nil { said.label = console.words("error") }
            throw said
        }
    }

    /// A path the person typed, made absolute from the current folder.
    func path(_ given: String) -> String {
        HomeLayout.absolute(given, from: currentDirectory)
    }

    /// The path an output goes to: a new one, or (when `replacing`) a
    /// regular file. A device, folder, link, FIFO or socket is refused, as is
    /// any existing path when not `replacing`; nothing is written then.
    func outputPath(_ given: String, replacing: Bool) throws -> String {
        let path = path(given)
        let w = console.words
        let kind: String
        switch PlainFile.kind(path) {
        case .missing: return path
        case .file: kind = ""
        case .folder: kind = w("folder")
        case .link: kind = w("symbolic link")
        case .special(let what): kind = w(what == "a FIFO" ? "FIFO" : what == "a socket" ? "socket" : "device")
        }
        guard kind.isEmpty else {
            throw CLIError(.cannotCreate, w("{} is not a regular file but a {}; give a new path, or a file to replace",
                                            given, kind))
        }
        guard replacing else {
            throw CLIError(.cannotCreate, w("{} already exists; give another name, or move it away", given))
        }
        return path
    }

    /// Writes `text` to the file `given` whole: into a new file beside it,
    /// then renamed over it, so a reader never sees half a file and a
    /// failure leaves the old one as it was.
    func writeWhole(_ text: String, to given: String) throws {
        let path = try outputPath(given, replacing: true)
        let temporary = Staging.name(for: path)
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        } catch {
            unlink(temporary)
            throw CLIError(.cannotCreate, "cannot write \(given): \(error.localizedDescription)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CLIError(.cannotCreate, "cannot write \(given): \(reason)")
        }
    }

    /// Opens the home (or reuses it while nothing changed); says once what a
    /// first run created and, on each load, which files were skipped.
    /// A `.tracker` scope that finds no such tracker loads every live tracker
    /// instead, so that the error can name the closest ids.
    /// `validate` lists every problem itself, so it does not announce the skipped files.
    /// A one-shot command that will open a session (`forSession`) has its
    /// database opened alongside the catalog.
    func openRuntime(scope: Runtime.Scope = .live, announceSkipped: Bool = true, forSession: Bool = false,
                     firstRunDefaults: Bool = true) throws -> Runtime {
        if let runtime = cache?.runtime, runtime.scope.covers(scope), cache?.home == options.home, !runtime.isStale {
            return runtime
        }
        var runtime = try loadRuntime(scope, openStore: forSession, firstRunDefaults: firstRunDefaults)
        let created = runtime.createdOnFirstRun
        if case .tracker(let id) = scope, !runtime.trackers.contains(where: { $0.id == id }) {
            let first = runtime
            runtime = try loadRuntime(.live, openStore: false)
            runtime.adoptOpenedStore(from: first)
        }
        if !created.isEmpty {
            let words = console.words
            console.err(words("Welcome to Haven. Created {}; edit them, or drop more tracker files next to them.",
                              created.joined(separator: words(" and "))))
        }
        if announceSkipped {
            // A pack waiting for trust is not a problem of its files: it says so in its own line.
            let waiting = runtime.awaitingTrust
            let packs = waiting.map { runtime.layout.configDisplay + "/packs/" + $0 }
            let skipped = runtime.skipped.filter { !packs.contains($0) }
            if !waiting.isEmpty {
                let words = console.words
                console.err("haven: " + (waiting.count == 1
                    ? words("the pack {} waits for your trust and loads nothing until then; 'haven pack trust {}' shows "
                            + "what it brings", waiting[0], waiting[0])
                    : words("the packs {} wait for your trust and load nothing until then; 'haven pack trust ID' shows "
                            + "what one brings", waiting.joined(separator: ", "))))
            }
            if !skipped.isEmpty {
                let words = console.words
                console.err(words("haven: skipped {} with problems: {} (run 'haven validate' for details)",
                                  words(skipped.count == 1 ? "{} file" : "{} files", skipped.count),
                                  skipped.joined(separator: ", ")))
            }
        }
        if let cache {
            cache.runtime = runtime
            cache.session = nil
            cache.home = options.home
        }
        return runtime
    }

    private func loadRuntime(_ scope: Runtime.Scope, openStore: Bool, firstRunDefaults: Bool = true) throws -> Runtime {
        if options.home?.isEmpty == true {
            throw CLIError(.usage, console.words("--home needs a folder, for example --home ~/haven; leave it out to use "
                + "HAVEN_HOME or the usual folders"))
        }
        // A one-shot command opens its database on a second thread while the
        // catalog loads; one about a single tracker loads a few files, and
        // there the thread cost more CPU than it saved time (D327).
        var alongside = openStore && cache == nil
        if case .tracker = scope { alongside = false }
        let runtime = try Runtime(home: options.home, environment: environment, currentDirectory: currentDirectory,
                                  executable: CorePackLocator.currentExecutable(), scope: scope, watch: cache != nil,
                                  openStore: alongside, writeDelay: writeDelay,
                                  firstRunDefaults: firstRunDefaults)
        if cache == nil { OneShot.keep(runtime) }
        return runtime
    }

    /// Test hook: milliseconds each entry write waits before its commit.
    private var writeDelay: Int { Int(environment["HAVEN_TEST_WRITE_DELAY_MS"] ?? "") ?? 0 }

    /// Opens the home and its database, with "now" from `--now`, `HAVEN_NOW` or the clock.
    /// A one-shot command about one `tracker` loads only that tracker's files;
    /// a REPL loads every tracker once and keeps them.
    /// `firstRunDefaults: false` leaves an empty home without the core's
    /// default trackers (an import that brings its own).
    func openSession(tracker: String? = nil, firstRunDefaults: Bool = true) throws -> Session {
        try openSession(scope: cache == nil ? tracker.map { .tracker($0) } ?? .live : .live,
                        firstRunDefaults: firstRunDefaults)
    }

    /// A session over a runtime that loaded at least `scope` (`.practices` for a practice).
    func openSession(scope: Runtime.Scope, firstRunDefaults: Bool = true) throws -> Session {
        let runtime = try openRuntime(scope: scope, forSession: true, firstRunDefaults: firstRunDefaults)
        let clock = try self.clock()
        if let session = cache?.session, session.runtime === runtime {
            session.clock = clock
            return session
        }
        let session = try Session(runtime: runtime, clock: clock, writeDelay: writeDelay)
        if let cache { cache.session = session } else { OneShot.keep(session) }
        return session
    }

    /// Now: `given`, else `--now`, else `HAVEN_NOW`, else the clock; in the zone of `TZ`.
    func clock(_ given: String? = nil) throws -> Clock {
        let zone = LocalZone.current
        Invocation.warnAboutZone(environment["TZ"], console: console)
        guard let text = given ?? options.now ?? environment["HAVEN_NOW"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            return Clock(now: Date(), zone: zone)
        }
        guard let parsed = TimeInput.parse(text, zone: zone) else {
            throw CLIError(.usage, console.words("cannot read the time '{}' given by --now or HAVEN_NOW; write it as "
                + "\"YYYY-MM-DD HH:MM\" (local time) or with an offset, e.g. \"2026-03-01T21:30+01:00\"", text))
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
        console.err("haven: " + console.words("warning") + ": " + console.words(
            "TZ='{}' is not a time zone this system knows, so times are UTC; set TZ to a zone such as Europe/Berlin, or "
            + "unset it", tz!))
    }

    /// Names each hook that failed on standard error, after a command's
    /// output about every other tracker, and ends with exit 65.
    func reportHookFailures(_ messages: [String]) throws {
        guard !messages.isEmpty else { return }
        for message in messages { console.err("haven: " + console.words("error") + ": " + message) }
        throw CLIError.silent(.dataError)
    }
}

/// The sessions of a one-shot command, kept until the process ends: their
/// databases are closed (the WAL checkpointed and removed) when the
/// command has answered, but the objects are never released, since
/// releasing GRDB's queue unregisters observers and starts a dispatch
/// thread only to dispose of it, a cost the exit that follows makes moot.
enum OneShot {
    nonisolated(unsafe) private static var sessions: [Session] = []
    nonisolated(unsafe) private static var runtimes: [Runtime] = []

    static func keep(_ session: Session) {
        sessions.append(session)
    }

    /// A one-shot runtime opens its database alongside its catalog; one no
    /// session took is closed at the end too.
    static func keep(_ runtime: Runtime) {
        runtimes.append(runtime)
    }

    /// Closes every kept database; called once the command has answered.
    static func finish() {
        for session in sessions { session.close() }
        for runtime in runtimes { runtime.closeUnusedStore() }
    }
}

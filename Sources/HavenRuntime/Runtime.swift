import Foundation
import HavenConfig
import HavenCore
import HavenSystem
import HavenHooks
import HavenPacks
import HavenStore
import Lua

/// The composition root: finds the home and the core pack, loads every pack,
/// and answers commands as values. Nothing here prints.
public final class Runtime {
    /// What to load.
    public enum Scope: Sendable, Equatable {
        /// Every file of every pack, for validation and for listing presets.
        case everything
        /// The live trackers and only what they refer to.
        case live
        /// One live tracker and what it refers to: a one-shot command about it.
        case tracker(String)
        /// The live trackers and every practice (SPEC §14).
        case practices

        var loader: CatalogLoader.Scope {
            switch self {
            case .everything: .everything
            case .live: .live
            case .tracker(let id): .tracker(id)
            case .practices: .practices
            }
        }

        /// Whether a runtime loaded with this scope holds everything `other` would.
        public func covers(_ other: Scope) -> Bool { loader.covers(other.loader) }
    }

    public let layout: HomeLayout
    public let corePack: String
    private(set) var catalog: Catalog
    /// Files written on a first run, as shown to the person; empty otherwise.
    public private(set) var createdOnFirstRun: [String] = []
    public let scope: Scope
    /// What the catalog was loaded from, as it was then; nil when nobody
    /// will ask (a one-shot command).
    private var watch: FileWatch?
    /// The trackers' Lua hooks, loaded on first use.
    let hooks: HookHost
    /// The database, being opened alongside the catalog for a one-shot
    /// command; taken by the first session.
    private var storeOpening: StoreOpening?
    /// The folder relative paths were shown from.
    let currentDirectory: String
    /// The process's environment, for the programs Haven runs (notify-send).
    public let environment: [String: String]

    /// Every live tracker, in file order.
    public var trackers: [TrackerDefinition] { catalog.trackers }
    /// Files that were not loaded because of their problems, as shown.
    public var skipped: [String] { catalog.skipped }
    /// Every problem found in the files loaded.
    public var diagnostics: [Diagnostic] { catalog.diagnostics }
    /// The level sets loaded, as `pack/id`.
    public var levelSetNames: [String] { catalog.levelSets.keys.sorted() }

    /// True when a file the catalog came from changed since it was loaded;
    /// always false for a runtime that does not watch.
    public var isStale: Bool { watch?.hasChanged ?? false }

    /// The files what a status shows depends on, besides the database: the
    /// files the catalog came from, the packs folder, hooks.
    public var changeSources: [String] {
        catalog.watchedPaths + [layout.packs] + catalog.trackers.compactMap { $0.hooks?.absolutePath }
    }

    /// The database and its log, where every write lands first.
    public var databasePaths: [String] { [layout.database, layout.database + "-wal"] }

    /// Opens the home, creating the default trackers on a first run.
    /// `openStore` (a one-shot command) starts opening an existing database
    /// on a second thread at once, with `writeDelay` (a test hook, see `Store`).
    public init(home: String?, environment: [String: String], currentDirectory: String,
                executable: String?, scope: Scope = .live, watch: Bool = true, openStore: Bool = false,
                writeDelay: Int = 0, firstRunDefaults: Bool = true) throws(RuntimeError) {
        guard let core = CorePackLocator.locate(environment: environment, executable: executable) else {
            throw .corePackNotFound
        }
        self.corePack = core
        self.currentDirectory = currentDirectory
        self.environment = environment
        self.scope = scope
        self.hooks = HookHost(limits: Runtime.hookLimits(environment))
        self.layout = HomeLayout.resolve(home: home, environment: environment, currentDirectory: currentDirectory)
        if openStore { storeOpening = StoreOpening(path: layout.database, writeDelay: writeDelay) }
        self.catalog = Catalog()
        self.catalog = Runtime.loadCatalog(core: core, layout: layout, currentDirectory: currentDirectory,
                                           scope: scope.loader)
        // Only a home without `trackers/` at all: a file or link there is reported, never replaced.
        if firstRunDefaults, PlainFile.kind(layout.trackers) == .missing {
            createdOnFirstRun = try FirstRun.createDefaults(in: layout, catalog: catalog)
            catalog = Runtime.loadCatalog(core: core, layout: layout, currentDirectory: currentDirectory,
                                          scope: scope.loader)
        }
        if watch {
            self.watch = FileWatch(catalog.watchedPaths + [layout.packs]
                + catalog.trackers.compactMap { $0.hooks?.absolutePath })
        }
    }

    /// The database opened alongside the catalog, once: nil when none was
    /// opened early, or a session took it already.
    func takeOpenedStore() -> StoreOpening? {
        defer { storeOpening = nil }
        return storeOpening
    }

    /// Takes over the database `other` is opening (the same home, loaded again with another scope).
    public func adoptOpenedStore(from other: Runtime) {
        if storeOpening == nil { storeOpening = other.takeOpenedStore() }
    }

    /// Closes a database opened early that no session took (a command that
    /// ended before it needed one), once its opening has ended.
    public func closeUnusedStore() {
        if case .success(let opened) = takeOpenedStore()?.take() { opened.store.close() }
    }

    /// Hook limits: `HAVEN_HOOK_INSTRUCTIONS` and `HAVEN_HOOK_CALL_MS` per
    /// call, `HAVEN_HOOK_TOTAL_MS` per command and `HAVEN_HOOK_MEMORY_MB` per
    /// hooks file when set to a whole number, clamped to
    /// `HookLimits.maximum`; else the defaults.
    static func hookLimits(_ environment: [String: String]) -> HookLimits {
        var limits = HookLimits.default
        func number(_ name: String, limit: Int) -> Int? {
            guard let text = environment[name], let n = Int(text) ?? (text.allSatisfy(\.isNumber) && !text.isEmpty
                ? Int.max : nil) else { return nil }
            return min(n, limit)
        }
        let top = HookLimits.maximum
        if let n = number("HAVEN_HOOK_INSTRUCTIONS", limit: top.instructions) { limits.instructions = n }
        if let n = number("HAVEN_HOOK_MEMORY_MB", limit: top.memory >> 20) { limits.memory = max(n, 0) << 20 }
        if let n = number("HAVEN_HOOK_CALL_MS", limit: top.callMilliseconds) { limits.callMilliseconds = n }
        if let n = number("HAVEN_HOOK_TOTAL_MS", limit: top.totalMilliseconds) { limits.totalMilliseconds = n }
        return limits.clamped
    }

    /// The folders the report's templates come from, in order: the core
    /// pack's `report/`, then every loaded pack's that has one (a pack
    /// waiting for trust or refused brings none), the home's last.
    public var reportTemplateFolders: [(path: String, shown: String)] {
        Runtime.reportFolders(in: Runtime.packLocations(core: corePack, layout: layout, currentDirectory: currentDirectory))
    }

    /// The `report/` folders of the packs that load, in order: the core's
    /// always, each other pack's when it has one.
    static func reportFolders(in locations: [PackLocation]) -> [(path: String, shown: String)] {
        locations.filter { $0.problem == nil && ($0.kind == .builtin || FileSystem.isDirectory($0.root + "/report")) }
            .map { ($0.root + "/report", $0.display + "/report") }
    }

    /// Starts a command (a REPL line): its hooks get their whole total time
    /// again.
    public func beginCommand() {
        hooks.beginCommand()
    }

    /// The packs of a home: core, every installed pack, then the person's own.
    static func packLocations(core: String, layout: HomeLayout, currentDirectory: String) -> [PackLocation] {
        let home = PackHome(root: layout.configRoot, display: layout.configDisplay, packs: layout.packs)
        return home.locations(core: PackLocation(id: "core", root: core, display: shown(core, from: currentDirectory),
                                                 kind: .builtin))
    }

    static func loadCatalog(core: String, layout: HomeLayout, currentDirectory: String,
                            scope: CatalogLoader.Scope) -> Catalog {
        let locations = packLocations(core: core, layout: layout, currentDirectory: currentDirectory)
        // A command about one tracker reads only the files that can hold it (`IDScanCache`).
        var cache: IDScanCache?
        if case .tracker = scope {
            cache = IDScanCache(path: (layout.database as NSString).deletingLastPathComponent + "/tracker-ids.cache")
        }
        var catalog = CatalogLoader.load(locations, havenVersion: HavenVersion.current, scope: scope, idCache: cache)
        cache?.save()
        catalog.awaitingTrust = locations.filter(\.waitsForTrust).map(\.id)
        return catalog
    }

    /// How a pack that waits for trust is reported (SPEC §8).

    /// Installed packs that load nothing until trusted (again).
    public var awaitingTrust: [String] { catalog.awaitingTrust }

    /// A path relative to the current directory when it lies inside it.
    static func shown(_ path: String, from directory: String) -> String {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The live tracker with `id`, or an error with the closest id.
    public func tracker(_ id: String) throws(RuntimeError) -> TrackerDefinition {
        if let tracker = catalog.tracker(id) { return tracker }
        if let file = catalog.skipped.first(where: { $0.hasSuffix("/\(id).yaml") || $0 == "\(id).yaml" }) {
            throw .skippedTracker(id, file: file)
        }
        let preset = catalog.presetNames.first { $0.hasSuffix("/" + id) }
        throw .unknownTracker(id, suggestion: Suggestion.closest(to: id, in: catalog.trackers.map(\.id)), preset: preset)
    }

    /// A live tracker by id, or a preset by `pack/id`.
    public func definition(_ reference: String) throws(RuntimeError) -> TrackerDefinition {
        if reference.contains("/") {
            if let preset = catalog.presets[reference] { return preset }
            throw .unknownPreset(reference, suggestion: Suggestion.closest(to: reference, in: catalog.presetNames))
        }
        return try tracker(reference)
    }
}

import Foundation
import HavenSystem

/// Where a person's trackers, packs, database and history live (SPEC §2.1).
public struct HomeLayout: Sendable, Equatable {
    /// The root of the `local` pack: `trackers/`, `presets/`, … live below it.
    public var configRoot: String
    /// How to show `configRoot` in messages (as the person named it).
    public var configDisplay: String
    /// Installed packs, one folder each.
    public var packs: String
    public var database: String
    public var history: String

    public var trackers: String { configRoot + "/trackers" }
    /// The sync server, token and key (SPEC §12), beside the database.
    public var syncSettings: String { (database as NSString).deletingLastPathComponent + "/sync.json" }
    /// The last duration `meditate` ran, beside the REPL's history: state of
    /// the terminal, like the history, not of the person's record.
    public var timerState: String { (history as NSString).deletingLastPathComponent + "/meditate" }
    /// The last practice of each kind and its length (SPEC §14), beside it.
    public var practiceState: String { (history as NSString).deletingLastPathComponent + "/last-practices" }

    /// `--home DIR`, else `HAVEN_HOME`, else the XDG base directories.
    public static func resolve(home: String?, environment: [String: String], currentDirectory: String) -> HomeLayout {
        if let named = home ?? environment["HAVEN_HOME"].flatMap({ $0.isEmpty ? nil : $0 }) {
            let root = absolute(named, from: currentDirectory)
            return HomeLayout(configRoot: root, configDisplay: trimmed(named), packs: root + "/packs",
                              database: root + "/haven.db", history: root + "/history")
        }
        let userHome = environment["HOME"] ?? currentDirectory
        func base(_ variable: String, _ fallback: String) -> String {
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return userHome + "/" + fallback
        }
        let config = base("XDG_CONFIG_HOME", ".config") + "/haven"
        return HomeLayout(configRoot: config, configDisplay: config, packs: config + "/packs",
                          database: base("XDG_DATA_HOME", ".local/share") + "/haven/haven.db",
                          history: base("XDG_STATE_HOME", ".local/state") + "/haven/history")
    }

    public static func absolute(_ path: String, from directory: String) -> String {
        Paths.absolute(path, from: directory)
    }

    static func normalize(_ path: String) -> String { Paths.normalize(path) }

    static func trimmed(_ path: String) -> String { Paths.trimmed(path) }
}

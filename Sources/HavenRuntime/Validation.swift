import Foundation
import HavenConfig
import HavenCore
import HavenSystem
import HavenHooks

/// `haven validate PATH...`: checks packs, pack folders and single files.
public enum Validation {
    /// What a validation found.
    public struct Report: Sendable {
        public var diagnostics: [Diagnostic]
        /// Worth knowing, but the files load: not a failure.
        public var warnings: [Diagnostic] = []
        public var packs: Int
        public var trackers: Int
        public var presets: Int
        public var practices = 0
        public var files: Int

        mutating func add(_ other: Report) {
            diagnostics += other.diagnostics
            warnings += other.warnings
            packs += other.packs
            trackers += other.trackers
            presets += other.presets
            practices += other.practices
            files += other.files
        }
    }

    /// Validates each named path, with the core pack loaded for references.
    /// A folder is a pack; a file is checked within the pack that holds it,
    /// and only its own problems are reported.
    public static func validate(paths: [String], core: String, currentDirectory: String) throws(RuntimeError) -> Report {
        var report = Report(diagnostics: [], packs: 0, trackers: 0, presets: 0, files: 0)
        for path in paths {
            let absolute = HomeLayout.absolute(path, from: currentDirectory)
            guard FileManager.default.fileExists(atPath: absolute) else { throw .pathNotFound(path) }
            let named = HomeLayout.trimmed(path)
            var location: PackLocation
            var onlyFile: String?
            if FileSystem.isDirectory(absolute) {
                location = HomeLayout.normalize(absolute) == HomeLayout.normalize(core)
                    ? PackLocation(id: "core", root: absolute, display: named, kind: .builtin)
                    : PackLocation(id: packID(absolute), root: absolute, display: named, kind: .named)
            } else {
                let folder = (absolute as NSString).deletingLastPathComponent
                let folderName = (folder as NSString).lastPathComponent
                let shownFolder = (named as NSString).deletingLastPathComponent
                if (absolute as NSString).lastPathComponent == "pack.yaml" {
                    location = PackLocation(id: packID(folder), root: folder, display: shownFolder, kind: .named)
                } else if ["trackers", "presets", "levels", "rewards"].contains(folderName) {
                    let root = (folder as NSString).deletingLastPathComponent
                    location = PackLocation(id: packID(root), root: root,
                                            display: (shownFolder as NSString).deletingLastPathComponent,
                                            kind: .named)
                } else {
                    location = PackLocation(id: "local", root: folder, display: shownFolder, kind: .named,
                                            trackerFiles: [absolute])
                }
                onlyFile = named
            }
            var locations = [location]
            // A home (a folder with installed packs) is checked as Haven loads it.
            if onlyFile == nil && FileSystem.isDirectory(absolute + "/packs") {
                let layout = HomeLayout(configRoot: absolute, configDisplay: named, packs: absolute + "/packs",
                                        database: absolute + "/haven.db", history: absolute + "/history")
                locations = Runtime.packLocations(core: core, layout: layout, currentDirectory: currentDirectory)
                    .filter { $0.kind != .builtin }
            }
            let checked = Set(locations.map(\.id))
            if !locations.contains(where: { HomeLayout.normalize($0.root) == HomeLayout.normalize(core) }) {
                locations.insert(PackLocation(id: "core", root: core, display: Runtime.shown(core, from: currentDirectory),
                                              kind: .builtin), at: 0)
            }
            let catalog = CatalogLoader.load(locations, havenVersion: HavenVersion.current)
            report.add(check(catalog, packs: checked, onlyFile: onlyFile))
        }
        return report
    }

    /// Checks a loaded catalog: its diagnostics, and every hooks file its
    /// trackers and presets name, loaded once. `packs` limits the report to
    /// those packs (nil: all), `onlyFile` to one file's own problems. The
    /// one check behind `haven validate` with and without paths.
    public static func check(_ runtime: Runtime) -> Report { check(runtime.catalog) }

    static func check(_ catalog: Catalog, packs: Set<String>? = nil, onlyFile: String? = nil) -> Report {
        let inScope = { (pack: String) in packs?.contains(pack) ?? true }
        let own = catalog.trackers.filter { inScope($0.origin.pack) }
        var report = Report(diagnostics: [], packs: catalog.packs.filter { inScope($0.location.id) }.count,
                            trackers: own.count,
                            presets: catalog.presets.keys.filter { inScope(String($0.prefix { $0 != "/" })) }.count,
                            files: catalog.filesRead)
        report.practices = catalog.practices.filter { inScope(String($0.reference.prefix { $0 != "/" })) }.count
        // Only the checked packs' own problems: another pack's are its own business.
        let shown = catalog.packs.filter { inScope($0.location.id) }.map(\.location.display)
        let inChecked = { (file: String) in
            packs == nil || shown.contains { $0.isEmpty || $0 == "." || file == $0 || file.hasPrefix($0 + "/") }
        }
        report.diagnostics = catalog.diagnostics.filter { diagnostic in
            inChecked(diagnostic.file) && (onlyFile.map { diagnostic.file == $0 } ?? true)
        }
        report.warnings = catalog.warnings.filter { warning in
            inChecked(warning.file) && (onlyFile.map { warning.file == $0 } ?? true)
        }
        let checked = own.filter { onlyFile == nil || $0.origin.file == onlyFile }
        let withHooks = checked + (onlyFile == nil ? catalog.presets.values.filter { inScope($0.origin.pack) } : [])
        let hooks = HookHost()
        var seen = Set<String>()
        for reference in withHooks.compactMap(\.hooks).sorted(by: { $0.display < $1.display })
        where seen.insert(reference.absolutePath).inserted {
            report.diagnostics += hooks.diagnostics(for: reference)
        }
        return report
    }

    /// A named folder's pack id: its name when that is a valid id.
    private static func packID(_ folder: String) -> String {
        let name = (folder as NSString).lastPathComponent
        return Identifier.isValid(name) ? name : "local"
    }
}

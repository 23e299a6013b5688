import Foundation
import HavenConfig
import HavenCore
import HavenHooks

/// `haven validate PATH...`: checks packs, pack folders and single files.
public enum Validation {
    /// What a validation found.
    public struct Report: Sendable {
        public var diagnostics: [Diagnostic]
        public var packs: Int
        public var trackers: Int
        public var presets: Int
        public var files: Int
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
                location = PackLocation(id: packID(absolute), root: absolute, display: named, kind: .named)
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
            let isCore = HomeLayout.normalize(location.root) == HomeLayout.normalize(core)
            var locations = [location]
            if !isCore {
                locations.insert(PackLocation(id: "core", root: core, display: Runtime.shown(core, from: currentDirectory),
                                              kind: .builtin), at: 0)
            }
            let catalog = CatalogLoader.load(locations, havenVersion: HavenVersion.current)
            let own = catalog.trackers.filter { $0.origin.pack == location.id }
            report.packs += 1
            report.trackers += own.count
            report.presets += catalog.presets.keys.filter { $0.hasPrefix(location.id + "/") }.count
            report.files += catalog.filesRead
            report.diagnostics += catalog.diagnostics.filter { diagnostic in
                onlyFile.map { diagnostic.file == $0 } ?? true
            }
            // Every hooks file the checked trackers and presets name, loaded once.
            let checked = own.filter { onlyFile == nil || $0.origin.file == onlyFile }
            let withHooks = checked + catalog.presets.values.filter { $0.origin.pack == location.id && onlyFile == nil }
            let hooks = HookHost()
            var seen = Set<String>()
            for reference in withHooks.compactMap(\.hooks) where seen.insert(reference.absolutePath).inserted {
                report.diagnostics += hooks.diagnostics(for: reference)
            }
        }
        return report
    }

    /// A named folder's pack id: its name when that is a valid id.
    private static func packID(_ folder: String) -> String {
        let name = (folder as NSString).lastPathComponent
        return Identifier.isValid(name) ? name : "local"
    }
}

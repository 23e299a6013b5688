import Foundation
import HavenConfig
import HavenCore
import HavenSystem

/// The first run on an empty home: one tracker file per default of the core
/// pack, each `extends: core/<id>`.
enum FirstRun {
    /// Writes the defaults into a folder of their own and renames it to
    /// `trackers/` whole: a first run that is killed half-way leaves no
    /// `trackers/` at all (the next run starts over), never one without its
    /// defaults. When another Haven got there first, its folder stays.
    static func createDefaults(in layout: HomeLayout, catalog: Catalog) throws(RuntimeError) -> [String] {
        let defaults = catalog.packs.first { $0.location.kind == .builtin }?.manifest.defaults ?? []
        let files = FileManager.default
        let staging = Staging.name(for: layout.trackers)
        defer { try? files.removeItem(atPath: staging) }
        Staging.removeLeftovers(of: layout.trackers)
        do {
            try? files.removeItem(atPath: staging)
            try files.createDirectory(atPath: staging, withIntermediateDirectories: true)
            for id in defaults {
                let text = """
                    # Your \(id) tracker. Keys written here override the preset's;
                    # `haven show core/\(id)` prints everything it inherits.
                    extends: core/\(id)

                    """
                try Data(text.utf8).write(to: URL(fileURLWithPath: staging + "/\(id).yaml"), options: .atomic)
            }
        } catch {
            throw .homeNotWritable(layout.trackers, reason: "\(error.localizedDescription)")
        }
        guard rename(staging, layout.trackers) == 0 else {
            let code = errno
            if FileSystem.isDirectory(layout.trackers) { return [] }
            throw .homeNotWritable(layout.trackers, reason: String(cString: strerror(code)))
        }
        return defaults.map { layout.configDisplay + "/trackers/\($0).yaml" }
    }
}

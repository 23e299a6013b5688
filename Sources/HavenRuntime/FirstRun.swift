import Foundation
import HavenConfig

/// The first run on an empty home: one tracker file per default of the core
/// pack, each `extends: core/<id>`.
enum FirstRun {
    static func createDefaults(in layout: HomeLayout, catalog: Catalog) throws(RuntimeError) -> [String] {
        let defaults = catalog.packs.first { $0.location.kind == .builtin }?.manifest.defaults ?? []
        var written: [String] = []
        do {
            try FileManager.default.createDirectory(atPath: layout.trackers, withIntermediateDirectories: true)
            for id in defaults {
                let path = layout.trackers + "/\(id).yaml"
                guard !FileManager.default.fileExists(atPath: path) else { continue }
                let text = """
                    # Your \(id) tracker. Keys written here override the preset's;
                    # `haven show core/\(id)` prints everything it inherits.
                    extends: core/\(id)

                    """
                try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                written.append(layout.configDisplay + "/trackers/\(id).yaml")
            }
        } catch {
            throw .homeNotWritable(layout.trackers, reason: "\(error.localizedDescription)")
        }
        return written
    }
}

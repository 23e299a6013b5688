import Foundation
import HavenCore

extension Runtime {
    /// Archives a tracker, or brings it back (`archived: false`), by
    /// writing `archived: true` into the person's own file for it (or
    /// taking that line out) and nothing else: its file, entries and
    /// history stay. A pack's tracker gets a file of the home that adjusts
    /// it, as `mode` does. Returns false when it already was so.
    public func setArchived(_ id: String, _ archived: Bool) throws(RuntimeError) -> Bool {
        let tracker = try tracker(id)
        guard tracker.archived != archived else { return false }
        guard tracker.origin.pack == "local" else {
            let path = layout.trackers + "/\(id).yaml"
            do {
                try FileManager.default.createDirectory(atPath: layout.trackers, withIntermediateDirectories: true)
            } catch {
                throw .homeNotWritable(layout.trackers, reason: error.localizedDescription)
            }
            try ModeSwitch.write("# Adjusts \(tracker.origin.pack)'s \(id): keys written here override the pack's.\n"
                + "extends: \(tracker.origin.pack)/\(id)\narchived: true\n", to: path)
            return true
        }
        let text: String
        do {
            text = try String(contentsOfFile: tracker.origin.path, encoding: .utf8)
        } catch {
            throw .pathNotFound(tracker.origin.file)
        }
        try ModeSwitch.write(ModeSwitch.rewrite(text, key: "archived", to: archived ? "true" : nil), to: tracker.origin.path)
        return true
    }
}

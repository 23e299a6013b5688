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
        try setLine(of: tracker, key: "archived", to: archived ? "true" : nil)
        return true
    }
}

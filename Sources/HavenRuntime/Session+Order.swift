import HavenCore
import HavenStore

/// Where `move` sends a tracker.
public enum Move: String, Sendable, CaseIterable {
    case up, down, top, bottom
}

extension Session {
    /// Puts `ids` first, in this order; the others keep theirs after them.
    /// Pinned trackers stay on top either way.
    public func order(_ ids: [String]) throws(RuntimeError) -> [TrackerDefinition] {
        var seen: Set<String> = []
        for id in ids {
            _ = try runtime.tracker(id)
            guard seen.insert(id).inserted else { throw .rejected(.namedTwice(id)) }
        }
        let current = orderedTrackers().map(\.id)
        return try save(ids + current.filter { !seen.contains($0) })
    }

    /// Moves one tracker within its group: pinned trackers among the pinned,
    /// the others among the others.
    public func move(_ id: String, _ move: Move) throws(RuntimeError) -> [TrackerDefinition] {
        let tracker = try runtime.tracker(id)
        let ordered = orderedTrackers()
        var group = ordered.filter { $0.pinned == tracker.pinned }.map(\.id)
        let index = group.firstIndex(of: id)!
        group.remove(at: index)
        switch move {
        case .up: group.insert(id, at: max(0, index - 1))
        case .down: group.insert(id, at: min(group.count, index + 1))
        case .top: group.insert(id, at: 0)
        case .bottom: group.append(id)
        }
        let others = ordered.filter { $0.pinned != tracker.pinned }.map(\.id)
        return try save(tracker.pinned ? group + others : others + group)
    }

    private func save(_ ids: [String]) throws(RuntimeError) -> [TrackerDefinition] {
        try db { () throws(StoreError) in
            try store.setPositions(ids)
            states = try store.trackerStates()
        }
        return orderedTrackers()
    }
}

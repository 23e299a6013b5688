import HavenCore

/// A quick action of a reminder: what it logs when taken.
public struct QuickAction: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Logs this value (a level key, `+1`, a number), or nothing for a
        /// check, a noticed moment or a relapse.
        case log(String?)
        /// Asks again in an hour.
        case later
    }

    /// The notification's action key.
    public var key: String
    /// Haven's English words for it (the CLI translates), or a level's own label.
    public var label: String
    public var kind: Kind

    /// The actions a tracker's notification offers (SPEC §11): one per
    /// level (the first three; `levels` says how many), Done for a check,
    /// Noticed (awareness) or Relapse (avoidance) for a saboteur's check, +1
    /// for a count, +goal for an amount with one; Later always.
    public static func offered(by tracker: TrackerDefinition, language: String, levels limit: Int = 3) -> [QuickAction] {
        var actions: [QuickAction] = []
        switch (tracker.input, tracker.mode) {
        case (.levels, _):
            for level in (tracker.levels?.levels ?? []).prefix(limit) {
                actions.append(QuickAction(key: "level:" + level.key, label: level.label.resolve(language),
                                           kind: .log(level.key)))
            }
        case (.check, .awareness?): actions.append(QuickAction(key: "noticed", label: "Noticed", kind: .log(nil)))
        case (.check, .avoidance?): actions.append(QuickAction(key: "relapse", label: "Relapse", kind: .log(nil)))
        case (.check, nil): actions.append(QuickAction(key: "done", label: "Done", kind: .log(nil)))
        case (.count, _): actions.append(QuickAction(key: "add:1", label: "+1", kind: .log("+1")))
        case (.amount, _):
            if case .atLeast(let goal)? = tracker.goal {
                let text = goal == goal.rounded() ? String(Int(goal)) : String(goal)
                actions.append(QuickAction(key: "add:" + text, label: "+" + text, kind: .log("+" + text)))
            }
        }
        actions.append(QuickAction(key: "later", label: "Later", kind: .later))
        return actions
    }
}

import HavenCore
import YAML

extension DecodeContext {
    /// `reminder:`: one mapping, or a list of them, each its own time of
    /// day (SPEC §11). `tracker` is the tracker's own mapping: setting `at`
    /// in the file itself enables a reminder that a preset left disabled,
    /// unless that file says `enabled: false` too.
    func reminders(_ node: Node, tracker: Node) -> [Reminder] {
        guard node.pairs == nil else { return reminder(node, tracker: tracker).map { [$0] } ?? [] }
        guard let items = node.items else {
            error("reminder must be a mapping like { at: \"20:00\" } or a list of them, not "
                  + "{}", kind(of: node), at: node)
            return []
        }
        var result: [Reminder] = []
        for item in items {
            guard let reminder = reminder(item, tracker: tracker) else { continue }
            if result.contains(where: { $0.at == reminder.at }) {
                error("a reminder at {} is listed twice; give each reminder its own "
                      + "time", reminder.at.description, at: item)
            } else {
                result.append(reminder)
            }
        }
        return result
    }

    private func reminder(_ node: Node, tracker: Node) -> Reminder? {
        guard let keys = mapping(node, ReminderKey.self, what: .key("reminder")) else { return nil }
        let before = count
        guard let atEntry = keys[.at] else {
            error("a reminder needs 'at:', a time such as \"20:00\"", at: node)
            return nil
        }
        let at = time(atEntry.value, what: .key("at"))
        var days: [Weekday] = Weekday.allCases
        if let entry = keys[.days], let items = list(entry.value, what: .key("days")) {
            days = []
            for item in items {
                guard let day = choice(item, Weekday.self, what: .key("day")) else { continue }
                if days.contains(day) {
                    error("'{}' is listed twice", day.rawValue, at: item)
                } else {
                    days.append(day)
                }
            }
        }
        let message = keys[.message].flatMap { localized($0.value, what: .key("message")) }
        var enabled = keys[.enabled].map { bool($0.value, what: .key("enabled")) } ?? true
        if let entry = keys[.enabled], atEntry.value.file == tracker.file, entry.value.file != tracker.file {
            enabled = true
        }
        // A tracker file that touches a reminder which stays off: say so (a preset is a template: silent).
        // (The cheap test first: String's `contains` of a string costs 27 k instructions.)
        if enabled == false, keys.values.contains(where: { $0.value.file == tracker.file }),
           !source(of: tracker).absolute.contains("/presets/") {
            let written = keys[.enabled].map { $0.value.file == tracker.file } ?? false
            let at = atEntry.value.scalar ?? ""
            if written {
                warning("the reminder at {} stays off (enabled: false); remove enabled: false to have it "
                        + "ring", at, at: node)
            } else {
                warning("the reminder at {} stays off: its preset turns it off; set at: here to have it "
                        + "ring", at, at: node)
            }
        }
        var untilGoal = false
        if let entry = keys[.until] {
            if entry.value.scalar == "goal" {
                untilGoal = true
            } else {
                error("until takes one value, goal (keep reminding until the goal is met), not "
                      + "{}", describeValue(entry.value),
                      at: entry.value)
            }
        }
        guard count == before, let at, let enabled else { return nil }
        var reminder = Reminder(at: at)
        reminder.days = days.sorted()
        reminder.message = message
        reminder.enabled = enabled
        reminder.untilGoal = untilGoal
        return reminder
    }
}

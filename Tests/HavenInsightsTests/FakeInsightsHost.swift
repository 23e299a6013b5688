import HavenCore
import HavenInsights

/// A history held in memory: trackers, their entries by day and local
/// minute, freezes, and a today.
struct FakeInsightsHost: InsightsHost {
    struct Moment {
        var day: Int
        var minute: Int
        var number: Double?
        var level: String?
        var note: String?
        var trigger: String?
    }

    var trackers: [String: TrackerDefinition] = [:]
    var starts: [String: Day] = [:]
    var moments: [String: [Moment]] = [:]
    var freezes: [String: Set<Int>] = [:]
    var today: Day

    struct Unknown: Error {}

    init(today: String) { self.today = Day(today)! }

    mutating func add(_ tracker: TrackerDefinition, start: String) {
        trackers[tracker.id] = tracker
        starts[tracker.id] = Day(start)!
    }

    /// An entry of `tracker` on `day` at local `time` ("HH:MM").
    mutating func log(_ tracker: String, _ day: Day, _ time: String, number: Double? = nil, level: String? = nil,
                      note: String? = nil, trigger: String? = nil) {
        let minute = Int(time.prefix(2))! * 60 + Int(time.suffix(2))!
        moments[tracker, default: []].append(Moment(day: day.number, minute: minute, number: number, level: level,
                                                    note: note, trigger: trigger))
    }

    func tracker(_ id: String) throws(Unknown) -> TrackerDefinition {
        guard let tracker = trackers[id] else { throw Unknown() }
        return tracker
    }

    func life(of tracker: TrackerDefinition) throws(Unknown) -> (start: Day, today: Day) { (starts[tracker.id]!, today) }

    func days(of tracker: TrackerDefinition, from: Day, through to: Day) throws(Unknown) -> HookDays {
        var days = HookDays(effects: tracker.levelEffects)
        let inRange = (moments[tracker.id] ?? []).filter { $0.day >= from.number && $0.day <= to.number }
        for m in inRange.sorted(by: { ($0.day, $0.minute) < ($1.day, $1.minute) }) {
            days.append(day: m.day, minute: m.minute, number: m.number, level: m.level, note: m.note, trigger: m.trigger)
        }
        return days
    }

    func frozen(_ tracker: TrackerDefinition, from: Day, through to: Day) throws(Unknown) -> Set<Int> {
        (freezes[tracker.id] ?? []).filter { $0 >= from.number && $0 <= to.number }
    }
}

extension TrackerDefinition {
    static func test(_ id: String, type: TrackerType = .good, mode: TrackerMode? = nil, input: InputKind = .check,
                     goal: Goal? = nil, levels: [(String, Effect)] = [], boundary: TimeOfDay = .midnight,
                     period: Period = .day) -> TrackerDefinition {
        var streak = StreakRule()
        streak.period = period
        let set = levels.isEmpty ? nil : LevelSet(reference: nil, levels: levels.map {
            Level(key: $0.0, label: LocalizedText($0.0.prefix(1).uppercased() + $0.0.dropFirst()), effect: $0.1)
        })
        return TrackerDefinition(id: id, name: LocalizedText(id.prefix(1).uppercased() + id.dropFirst()), icon: "•", type: type,
                                 mode: mode, input: input, goal: goal, levels: set, dayBoundary: boundary, streak: streak,
                                 origin: .init(pack: "local", file: id + ".yaml"))
    }
}

import HavenCore

/// harsh's `habits` and `log` files (SPEC §9): each habit a tracker file
/// of the home (one made by an earlier import is used again), `y` an entry
/// (with its `@` amount for a habit that always has one, its comment as
/// the note), `s` a freeze, `n` nothing; the last line of a day and habit
/// wins. Entries are keyed by habit and day, so a second import adds
/// nothing. A malformed line stops it with `file:line`.
public struct HarshImporter: Importer {
    public typealias Details = Void
    public let app = "harsh"
    let habits: [HarshFiles.Habit]
    let days: [HarshFiles.Key: HarshFiles.Outcome]

    /// Reads the two files' text (`folder` names them in messages).
    public init(habits habitsText: String, log logText: String, folder: String) throws(ImportError) {
        habits = try HarshFiles.habits(habitsText, file: folder + "/habits")
        days = try HarshFiles.log(logText, file: folder + "/log", habits: Set(habits.map(\.name)))
    }

    /// Reads `habits` and `log` from the folder at `path` (`shown` in messages).
    public init(folder path: String, shown: String) throws(ImportError) {
        try self.init(habits: try ImportFiles.text(path + "/habits", shown: shown + "/habits"),
                      log: try ImportFiles.text(path + "/log", shown: shown + "/log"), folder: shown)
    }

    public func plan<Home: TransferHome>(for home: Home) throws(Home.Failure) -> ImportPlan<Void> {
        // One tracker per habit: amounts when every done day has one.
        var trackers: [NewTracker] = []
        var taken = home.trackerIDs
        var done: [String: [HarshFiles.Outcome]] = [:]
        for (key, outcome) in days where outcome.result == "y" { done[key.habit, default: []].append(outcome) }
        var amountTrackers = Set<String>()
        for habit in habits {
            let amounts = done[habit.name].map { $0.allSatisfy { ($0.amount ?? 0) > 0 } } ?? false
            let marker = "# Imported from harsh: \(habit.name)"
            let tracker = home.tracker(named: habit.name, marker: marker,
                                       text: HarshFiles.tracker(habit, amounts: amounts, marker: marker, today: home.today),
                                       taken: &taken)
            if amounts { amountTrackers.insert(tracker.id) }
            trackers.append(tracker)
        }

        // Entries and freezes, keyed by habit and day.
        let ids = Dictionary(uniqueKeysWithValues: trackers.map { ($0.name, $0.id) })
        var contents = StoreContents()
        for (key, outcome) in days.sorted(by: { ($0.key.day, $0.key.habit) < ($1.key.day, $1.key.habit) }) {
            guard let tracker = ids[key.habit] else { continue }
            switch outcome.result {
            case "y":
                let amount = outcome.amount
                let note = [outcome.comment, amountTrackers.contains(tracker) ? nil : amount.map { "@ \($0.plainText)" }]
                    .compactMap { $0 }.joined(separator: " ")
                contents.entries.append(home.importedEntry(
                    tracker: tracker, day: key.day, value: amountTrackers.contains(tracker) ? .number(amount ?? 1) : .none,
                    note: note.isEmpty ? nil : note, key: "harsh|\(key.habit)|\(key.day)", source: "import:harsh"))
            case "s":
                contents.freezes.append(Freeze(tracker: tracker, day: key.day, note: outcome.comment,
                                               placedAt: home.milliseconds))
            default:
                continue
            }
        }
        return ImportPlan(trackers: trackers, contents: contents, details: ())
    }
}

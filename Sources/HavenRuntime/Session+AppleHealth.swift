import Foundation
import HavenCore
import HavenImport
import HavenStore

/// What `import apple-health` did (SPEC §9).
public struct HealthImport: Sendable {
    /// One Apple Health type read into one tracker.
    public struct Target: Sendable, Equatable {
        public var type: String
        public var tracker: String
        /// The records of that type read (from the sources asked for).
        public var records: Int
        /// The entries they gave that were not there yet.
        public var entries: Int
    }

    /// Why records were not imported.
    public enum Skip: Sendable, Hashable {
        /// A type Haven does not read (counted per type).
        case otherType(String)
        /// A type Haven reads, but no tracker of the home takes it (its `health.type`).
        case noTracker(type: String)
        /// Several trackers take the type: `--tracker` chooses.
        case severalTrackers(type: String, trackers: [String])
        /// `--tracker` named another tracker.
        case notAsked(type: String)
        /// `--source` named other sources.
        case otherSource(String)
        /// A value that is not a number, or a volume in a unit Haven does not know.
        case unreadable(type: String, value: String)
        /// A day sum that no level's `health_range` (nor the hook) reads back.
        case noLevel(tracker: String, value: Double)
        /// Nothing to log: zero drinks on a yes/no tracker, a session of no length.
        case nothing(type: String)
    }

    public var targets: [Target]
    public var entries: Int
    /// Earlier imported day sums replaced because the day's records changed.
    public var replaced: Int
    public var alreadyThere: Int
    public var days: Int
    /// Each reason with its count, most first.
    public var skipped: [(skip: Skip, count: Int)]
    /// The sources of the records of the types read, with their counts (to choose `--source`).
    public var sources: [(name: String, count: Int)]
}

extension Session {
    /// The Apple Health types Haven reads, and the tracker input each can fill.
    static let healthTypes = [
        "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages", "HKCategoryTypeIdentifierMindfulSession",
        "HKQuantityTypeIdentifierDietaryWater",
    ]

    /// Imports Apple Health's export (SPEC §9): each record of a type a
    /// tracker takes (its `health.type`) becomes an entry at the record's own
    /// instant and offset, its day assigned by the tracker's day boundary.
    /// A levels tracker (NoAlc) gets one entry per day, the day's sum read
    /// back as a level; count trackers get whole units per record so that
    /// the day's total is the rounded sum; amount and check trackers an entry
    /// per record. Entries are keyed by the records (type, source, start,
    /// end, value), so a second import adds nothing; a day sum whose records
    /// changed replaces the one imported before. One transaction; nothing is
    /// written when anything is wrong or with `dryRun`.
    public func importAppleHealth(_ path: String, shown: String, tracker only: String?, sources: [String],
                                  mlPerUnit: Double, dryRun: Bool,
                                  progress: ((Int64, Int64) -> Void)? = nil) throws(RuntimeError) -> HealthImport {
        guard mlPerUnit.isFinite, mlPerUnit > 0 else {
            throw .invalidInput("--ml-per-unit takes the millilitres of one unit, like --ml-per-unit 250")
        }
        let targets = try healthTargets(only: only)
        let wantedSources = Set(sources)
        var plan = HealthPlan(session: self, targets: targets, mlPerUnit: mlPerUnit)
        let others: [String: Int]
        do {
            others = try AppleHealthExport.read(path, shown: shown, types: Set(Session.healthTypes),
                                                progress: progress) { (record) throws(ImportError) in
                plan.sources[record.source, default: 0] += 1
                if !wantedSources.isEmpty, !wantedSources.contains(record.source) {
                    plan.skip(.otherSource(record.source))
                    return
                }
                try plan.add(record)
            }
        } catch {
            if error.isMissing { throw .pathNotFound(shown) }
            throw .invalidInput(error.description + "; nothing was imported")
        }
        var contents = try plan.contents()
        contents.entries.sort { ($0.instant, $0.uuid) < ($1.instant, $1.uuid) }
        var skipped = plan.skipped
        for (type, count) in others { skipped[.otherType(type), default: 0] += count }

        let added = try db { () throws(StoreError) in try store.merge(contents, dryRun: dryRun) }
        let byTracker = Dictionary(grouping: added.entries, by: \.tracker)
        return HealthImport(
            targets: Session.healthTypes.compactMap { type in
                targets[type].map { HealthImport.Target(type: type, tracker: $0.id, records: plan.read[type] ?? 0,
                                                        entries: byTracker[$0.id]?.count ?? 0) }
            },
            entries: added.entries.count, replaced: added.removed,
            alreadyThere: contents.entries.count - added.entries.count,
            days: Set(added.entries.map(\.day)).count,
            skipped: skipped.map { ($0.key, $0.value) }.sorted { ($1.count, "\($0.skip)") < ($0.count, "\($1.skip)") },
            sources: plan.sources.map { ($0.key, $0.value) }.sorted { ($1.count, $0.name) < ($0.count, $1.name) })
    }

    /// The tracker each type goes to: the one `--tracker` names, else the
    /// one tracker of the home whose `health.type` it is.
    private func healthTargets(only: String?) throws(RuntimeError) -> [String: TrackerDefinition] {
        if let only {
            let tracker = try runtime.tracker(only)
            guard let type = tracker.health?.type, Session.healthTypes.contains(type) else {
                throw .invalidInput("\(only) takes no Apple Health type Haven imports ("
                    + (tracker.health.map { "its health type is \($0.type)" } ?? "it has no 'health:'")
                    + "); give --tracker a tracker whose health type is "
                    + Session.healthTypes.joined(separator: ", ") + ", or leave --tracker out")
            }
            return [type: tracker]
        }
        var targets: [String: TrackerDefinition] = [:]
        for type in Session.healthTypes {
            let takers = runtime.trackers.filter { $0.health?.type == type }
            if takers.count == 1 { targets[type] = takers[0] }
        }
        return targets
    }
}

/// The entries an Apple Health import makes, built record by record.
private struct HealthPlan {
    let session: Session
    let targets: [String: TrackerDefinition]
    let mlPerUnit: Double
    var sources: [String: Int] = [:]
    var skipped: [HealthImport.Skip: Int] = [:]
    /// Records read per type into a tracker.
    var read: [String: Int] = [:]
    /// Why the records of a type no tracker takes are skipped.
    var reasons: [String: HealthImport.Skip] = [:]
    var entries: [Entry] = []
    /// Levels trackers: each day's sum, its latest record and the records' keys.
    var sums: [DayKey: DaySum] = [:]
    /// Count trackers: each day's running total, to hand out whole units.
    var totals: [DayKey: Double] = [:]
    var zones: [Int: String] = [:]

    struct DayKey: Hashable {
        var tracker: String
        var day: Day
    }

    struct DaySum {
        var value: Double
        var latest: HealthTime
        var keys: [String]
    }

    init(session: Session, targets: [String: TrackerDefinition], mlPerUnit: Double) {
        self.session = session
        self.targets = targets
        self.mlPerUnit = mlPerUnit
        for type in Session.healthTypes where targets[type] == nil {
            let takers = session.runtime.trackers.filter { $0.health?.type == type }.map(\.id)
            reasons[type] = takers.count > 1 ? .severalTrackers(type: type, trackers: takers)
                : takers.count == 1 ? .notAsked(type: type) : .noTracker(type: type)
        }
    }

    mutating func skip(_ reason: HealthImport.Skip) {
        skipped[reason, default: 0] += 1
    }

    mutating func add(_ record: HealthRecord) throws(ImportError) {
        guard let tracker = targets[record.type] else {
            return skip(reasons[record.type] ?? .noTracker(type: record.type))
        }
        read[record.type, default: 0] += 1
        guard let quantity = quantity(record) else { return skip(.unreadable(type: record.type, value: record.value)) }
        let day = DayAssignment.day(instant: record.start.milliseconds, offset: record.start.offset,
                                    boundary: tracker.dayBoundary)
        let key = DayKey(tracker: tracker.id, day: day)
        switch tracker.input {
        case .levels:
            var sum = sums[key] ?? DaySum(value: 0, latest: record.start, keys: [])
            sum.value += quantity
            if record.start.milliseconds >= sum.latest.milliseconds { sum.latest = record.start }
            sum.keys.append(record.key)
            sums[key] = sum
        case .count:
            // Whole units per record, so that the day's total is its rounded sum.
            let before = totals[key] ?? 0
            totals[key] = before + quantity
            let units = (before + quantity).rounded() - before.rounded()
            guard units >= 1 else { return skip(.nothing(type: record.type)) }
            entries.append(entry(tracker, day: day, at: record.start, value: .number(units), key: record.key))
        case .amount:
            let value = (quantity * 1000).rounded() / 1000
            guard value > 0 else { return skip(.nothing(type: record.type)) }
            entries.append(entry(tracker, day: day, at: record.start, value: .number(value), key: record.key))
        case .check:
            guard quantity > 0 else { return skip(.nothing(type: record.type)) }
            entries.append(entry(tracker, day: day, at: record.start, value: .none, key: record.key))
        }
    }

    /// The record's amount in the tracker's terms: drinks, minutes of a
    /// session, or units of `mlPerUnit` millilitres.
    private func quantity(_ record: HealthRecord) -> Double? {
        switch record.type {
        case "HKCategoryTypeIdentifierMindfulSession":
            return Double(record.end.milliseconds - record.start.milliseconds) / 60_000
        case "HKQuantityTypeIdentifierDietaryWater":
            let millilitres: [String: Double] = ["mL": 1, "cL": 10, "dL": 100, "L": 1000, "fl_oz_us": 29.5735295625,
                                                 "fl_oz_imp": 28.4130625, "cup_us": 236.5882365, "cup_imp": 284.130625]
            guard let value = Double(record.value), value.isFinite, value >= 0,
                  let factor = millilitres[record.unit ?? "mL"] else { return nil }
            return value * factor / mlPerUnit
        default:
            guard let value = Double(record.value), value.isFinite, value >= 0 else { return nil }
            return value
        }
    }

    private mutating func entry(_ tracker: TrackerDefinition, day: Day, at time: HealthTime, value: EntryValue,
                                key: String) -> Entry {
        let zone = zones[time.offset] ?? TimeZone(secondsFromGMT: time.offset)?.identifier ?? "UTC"
        zones[time.offset] = zone
        return Entry(tracker: tracker.id, instant: time.milliseconds, zone: zone, offset: time.offset, day: day,
                     value: value, note: nil, writtenAt: time.milliseconds,
                     uuid: Session.importUUID("apple-health|\(tracker.id)|\(key)", milliseconds: time.milliseconds),
                     source: "import:apple-health")
    }

    /// Every entry, with each levels day's sum read back as a level; a day
    /// imported before from other records is superseded.
    mutating func contents() throws(RuntimeError) -> StoreContents {
        var contents = StoreContents()
        var earlier: [DayKey: [String]] = [:]
        for tracker in Set(sums.keys.map(\.tracker)).sorted() {
            for old in try session.db({ () throws(StoreError) in try session.store.entries(tracker: tracker) })
            where old.source == "import:apple-health" {
                earlier[DayKey(tracker: tracker, day: old.day), default: []].append(old.uuid)
            }
        }
        for (key, sum) in sums.sorted(by: { ($0.key.tracker, $0.key.day) < ($1.key.tracker, $1.key.day) }) {
            let level: String
            do {
                level = try session.level(fromHealth: sum.value, of: key.tracker)
            } catch .badValue(.noLevelForHealth) {
                skipped[.noLevel(tracker: key.tracker, value: sum.value), default: 0] += sum.keys.count
                continue
            }
            let entry = entry(targets.values.first { $0.id == key.tracker }!, day: key.day, at: sum.latest,
                              value: .level(level), key: "day|\(key.day)|" + sum.keys.joined(separator: "|"))
            contents.entries.append(entry)
            contents.superseded += (earlier[key] ?? []).filter { $0 != entry.uuid }
        }
        contents.entries += entries
        return contents
    }
}

import Foundation
import HavenCore

/// The entries an Apple Health import makes, built record by record.
struct HealthPlan {
    let targets: [String: TrackerDefinition]
    let mlPerUnit: Double
    var sources: [String: Int] = [:]
    var skipped: [HealthImport.Skip: Int] = [:]
    /// Records read per type into a tracker.
    var read: [String: Int] = [:]
    /// Why the records of a type no tracker takes are skipped.
    var reasons: [String: HealthImport.Skip] = [:]
    var entries: [Entry] = []
    /// Levels trackers: each day's sum, its latest record, and the hash of
    /// its records' keys (what names the day's entry; never the keys
    /// themselves, which grew with the records of a day).
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
        /// "apple-health|TRACKER|day|DAY|KEY|KEY…", hashed as it comes.
        var keys: Imported.KeyHash
        var records: Int
    }

    init(targets: [String: TrackerDefinition], trackers: [TrackerDefinition], mlPerUnit: Double) {
        self.targets = targets
        self.mlPerUnit = mlPerUnit
        for type in AppleHealthImporter.types where targets[type] == nil {
            let takers = trackers.filter { $0.health?.type == type }.map(\.id)
            reasons[type] = takers.count > 1 ? .severalTrackers(type: type, trackers: takers)
                : takers.count == 1 ? .notAsked(type: type) : .noTracker(type: type)
        }
    }

    mutating func skip(_ reason: HealthImport.Skip) {
        skipped[reason, default: 0] += 1
    }

    mutating func add(_ record: HealthRecord) {
        guard let tracker = targets[record.type] else {
            return skip(reasons[record.type] ?? .noTracker(type: record.type))
        }
        read[record.type, default: 0] += 1
        guard let quantity = quantity(record) else { return skip(.unreadable(type: record.type, value: record.value)) }
        // A dated value (start and end both at local midnight, as the origin
        // app writes each evening) is that calendar date's (SPEC §9); any
        // other sample's day follows the tracker's day boundary.
        let day = record.isDated ? record.start.localDay
            : DayAssignment.day(instant: record.start.milliseconds, offset: record.start.offset, boundary: tracker.dayBoundary)
        let key = DayKey(tracker: tracker.id, day: day)
        switch tracker.input {
        case .levels:
            // Changed where it lies: a copy taken out and put back would copy
            // the day's keys on every record, quadratic in a day's records.
            if sums[key] == nil {
                var keys = Imported.KeyHash()
                keys.add("apple-health|\(tracker.id)|day|\(day)|")
                sums[key] = DaySum(value: 0, latest: record.start, keys: keys, records: 0)
            }
            sums[key]!.value += quantity
            if record.start.milliseconds >= sums[key]!.latest.milliseconds { sums[key]!.latest = record.start }
            if sums[key]!.records > 0 { sums[key]!.keys.add("|") }
            sums[key]!.keys.add(record.key)
            sums[key]!.records += 1
        case .count:
            // Whole units per record, so that the day's total is its rounded sum.
            let before = totals[key] ?? 0
            totals[key] = before + quantity
            let units = (before + quantity).rounded() - before.rounded()
            guard units >= 1 else { return skip(.nothing(type: record.type)) }
            entries.append(entry(tracker, day: day, at: record.start, value: .number(units), key: recordKey(tracker, record)))
        case .amount:
            let value = (quantity * 1000).rounded() / 1000
            guard value > 0 else { return skip(.nothing(type: record.type)) }
            entries.append(entry(tracker, day: day, at: record.start, value: .number(value), key: recordKey(tracker, record)))
        case .check:
            guard quantity > 0 else { return skip(.nothing(type: record.type)) }
            entries.append(entry(tracker, day: day, at: record.start, value: .none, key: recordKey(tracker, record)))
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

    /// The key of one record's entry.
    private func recordKey(_ tracker: TrackerDefinition, _ record: HealthRecord) -> Imported.KeyHash {
        var key = Imported.KeyHash()
        key.add("apple-health|\(tracker.id)|\(record.key)")
        return key
    }

    private mutating func entry(_ tracker: TrackerDefinition, day: Day, at time: HealthTime, value: EntryValue,
                                key: Imported.KeyHash) -> Entry {
        let zone = zones[time.offset] ?? TimeZone(secondsFromGMT: time.offset)?.identifier ?? "UTC"
        zones[time.offset] = zone
        return Entry(tracker: tracker.id, instant: time.milliseconds, zone: zone, offset: time.offset, day: day,
                     value: value, note: nil, writtenAt: time.milliseconds,
                     uuid: Imported.uuid(key, milliseconds: time.milliseconds),
                     source: "import:apple-health")
    }

    /// Every entry, with each levels day's sum read back as a level; a day
    /// imported before from other records is superseded.
    mutating func contents<Home: TransferHome>(_ home: Home) throws(Home.Failure) -> StoreContents {
        var contents = StoreContents()
        var earlier: [DayKey: [String]] = [:]
        for tracker in Set(sums.keys.map(\.tracker)).sorted() {
            for old in try home.entries(tracker: tracker) where old.source == "import:apple-health" {
                earlier[DayKey(tracker: tracker, day: old.day), default: []].append(old.uuid)
            }
        }
        for (key, sum) in sums.sorted(by: { ($0.key.tracker, $0.key.day) < ($1.key.tracker, $1.key.day) }) {
            guard let level = try home.level(fromHealth: sum.value, of: key.tracker) else {
                skipped[.noLevel(tracker: key.tracker, value: sum.value), default: 0] += sum.records
                continue
            }
            let entry = entry(targets.values.first { $0.id == key.tracker }!, day: key.day, at: sum.latest,
                              value: .level(level), key: sum.keys)
            contents.entries.append(entry)
            contents.superseded += (earlier[key] ?? []).filter { $0 != entry.uuid }
        }
        contents.entries += entries
        return contents
    }
}

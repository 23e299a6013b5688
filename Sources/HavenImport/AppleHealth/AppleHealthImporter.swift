import Foundation
import HavenCore

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

        public init(type: String, tracker: String, records: Int, entries: Int) {
            self.type = type
            self.tracker = tracker
            self.records = records
            self.entries = entries
        }
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

/// Apple Health's export (SPEC §9): each record of a type a tracker takes
/// (its `health.type`) becomes an entry at the record's own instant and
/// offset, its day assigned by the tracker's day boundary. A levels tracker
/// (NoAlc) gets one entry per day, the day's sum read back as a level;
/// count trackers get whole units per record so that the day's total is
/// the rounded sum; amount and check trackers an entry per record. Entries
/// are keyed by the records (type, source, start, end, value), so a second
/// import adds nothing; a day sum whose records changed replaces the one
/// imported before.
public struct AppleHealthImporter: Importer {
    /// Reads the records of the types asked for, in the file's order, and
    /// returns how many records of each other type there were.
    public typealias Records = (_ types: Set<String>, _ record: @escaping (HealthRecord) throws(ImportError) -> Void)
        throws(ImportError) -> [String: Int]

    /// The Apple Health types Haven reads.
    public static let types = [
        "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages", "HKCategoryTypeIdentifierMindfulSession",
        "HKQuantityTypeIdentifierDietaryWater",
    ]

    public typealias Details = HealthImport
    public let app = "Apple Health"
    let records: Records
    let only: String?
    let sources: Set<String>
    let mlPerUnit: Double?

    /// `only`: the one tracker to import into; `sources`: the apps and
    /// devices to read (all when empty); `mlPerUnit`: a water unit's
    /// millilitres (above 0), or nil for the water tracker's own
    /// (`health: { unit: mL, per: 250 }`), 250 when it says none.
    public init(records: @escaping Records, tracker only: String?, sources: [String], mlPerUnit: Double?) {
        self.records = records
        self.only = only
        self.sources = Set(sources)
        self.mlPerUnit = mlPerUnit
    }

    /// Streams the export at `path` (`shown` in messages), reporting the bytes read.
    public init(path: String, shown: String, tracker only: String?, sources: [String], mlPerUnit: Double?,
                progress: ((Int64, Int64) -> Void)? = nil) {
        self.init(records: { (types, record) throws(ImportError) in
            try AppleHealthExport.read(path, shown: shown, types: types, progress: progress, record: record)
        }, tracker: only, sources: sources, mlPerUnit: mlPerUnit)
    }

    public func plan<Home: TransferHome>(for home: Home) throws(Home.Failure) -> ImportPlan<HealthImport> {
        let targets = try targets(home)
        let water = targets["HKQuantityTypeIdentifierDietaryWater"]?.health
        let perUnit = mlPerUnit ?? (water?.unit == nil || water?.unit == "mL" ? water?.per : nil) ?? 250
        var plan = HealthPlan(targets: targets, trackers: home.trackers, mlPerUnit: perUnit)
        let others: [String: Int]
        do {
            others = try records(Set(Self.types)) { (record) throws(ImportError) in
                plan.sources[record.source, default: 0] += 1
                if !sources.isEmpty, !sources.contains(record.source) {
                    plan.skip(.otherSource(record.source))
                    return
                }
                plan.add(record)
            }
        } catch {
            throw home.failure(error)
        }
        var contents = try plan.contents(home)
        contents.entries.sort { ($0.instant, $0.uuid) < ($1.instant, $1.uuid) }
        var skipped = plan.skipped
        for (type, count) in others { skipped[.otherType(type), default: 0] += count }
        let details = HealthImport(
            targets: Self.types.compactMap { type in
                targets[type].map { HealthImport.Target(type: type, tracker: $0.id, records: plan.read[type] ?? 0, entries: 0) }
            },
            entries: 0, replaced: 0, alreadyThere: 0, days: 0,
            skipped: skipped.map { ($0.key, $0.value) }.sorted { ($1.count, "\($0.skip)") < ($0.count, "\($1.skip)") },
            sources: plan.sources.map { ($0.key, $0.value) }.sorted { ($1.count, $0.name) < ($0.count, $1.name) })
        return ImportPlan(contents: contents, details: details)
    }

    /// The tracker each type goes to: the one `--tracker` names, else the
    /// one tracker of the home whose `health.type` it is.
    private func targets<Home: TransferHome>(_ home: Home) throws(Home.Failure) -> [String: TrackerDefinition] {
        if let only {
            let tracker = try home.tracker(only)
            guard let type = tracker.health?.type, Self.types.contains(type) else {
                throw home.failure(ImportError(file: only, .noHealthType(tracker.health?.type)))
            }
            return [type: tracker]
        }
        var targets: [String: TrackerDefinition] = [:]
        for type in Self.types {
            let takers = home.trackers.filter { $0.health?.type == type }
            if takers.count == 1 { targets[type] = takers[0] }
        }
        return targets
    }
}

extension ImportOutcome where Details == HealthImport {
    /// The importer's details with the counts of what the merge added.
    public var health: HealthImport {
        var result = plan.details
        let byTracker = Dictionary(grouping: added.entries, by: \.tracker)
        for index in result.targets.indices { result.targets[index].entries = byTracker[result.targets[index].tracker]?.count ?? 0 }
        result.entries = entries
        result.replaced = added.removed
        result.alreadyThere = alreadyThere
        result.days = days
        return result
    }
}


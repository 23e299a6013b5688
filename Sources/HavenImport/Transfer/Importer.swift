import HavenCore

/// A history from another app (or Haven's own file), read: what it brings
/// to a home (SPEC §9). Each importer is made from its files' contents,
/// read before, so that reading is pure and tested on files in memory.
public protocol Importer {
    /// What the import reports besides the counts every import has.
    associatedtype Details

    /// The app's name in messages (`Loop`, `harsh`).
    var app: String { get }
    /// The tracker files to make and the records to merge into `home`.
    func plan<Home: TransferHome>(for home: Home) throws(Home.Failure) -> ImportPlan<Details>
}

/// What an importer brings: tracker files (new ones and ones an earlier
/// import made), the records, and its own details.
public struct ImportPlan<Details> {
    public var trackers: [NewTracker]
    public var contents: StoreContents
    public var details: Details

    public init(trackers: [NewTracker] = [], contents: StoreContents, details: Details) {
        self.trackers = trackers
        self.contents = contents
        self.details = details
    }
}

/// A tracker file an import makes (or found made by an earlier one).
public struct NewTracker: Sendable, Equatable {
    /// The habit's name in the other app.
    public var name: String
    public var id: String
    /// The YAML, its first line the marker a later import recognises.
    public var text: String
    /// False when an earlier import made the file: it is used as it is.
    public var created: Bool
    /// True when a tracker of the home had the id the name gives.
    public var renamed: Bool

    public init(name: String, id: String, text: String, created: Bool, renamed: Bool) {
        self.name = name
        self.id = id
        self.text = text
        self.created = created
        self.renamed = renamed
    }
}

/// What an import did: its plan, and what the merge added.
public struct ImportOutcome<Details> {
    public var plan: ImportPlan<Details>
    public var added: StoreContents.Added
    /// Trackers with new entries that no file of the home defines.
    public var undefined: [String]

    /// Each habit with the tracker id it went to, and whether its file is new.
    public var habits: [(name: String, tracker: String, created: Bool)] {
        plan.trackers.map { ($0.name, $0.id, $0.created) }
    }
    /// Habits whose name gave an id a file of this home already uses, with the id taken instead.
    public var renamed: [(name: String, tracker: String)] { plan.trackers.filter(\.renamed).map { ($0.name, $0.id) } }
    public var entries: Int { added.entries.count }
    /// Entries of the source that were already there.
    public var alreadyThere: Int { plan.contents.entries.count - added.entries.count }
    /// The days, across trackers, that the new entries fall on.
    public var days: Int { Set(added.entries.map(\.day)).count }
    public var freezes: Int { added.freezes }
}

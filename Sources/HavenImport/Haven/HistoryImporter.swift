import HavenCore

/// A file `export json` wrote (SPEC §9), merged as it is: what is already
/// there stays, so a second import adds nothing. A line that cannot be
/// read stops it with its number. The tracker files it carries are made
/// in this home where it has no tracker of that id and no file of that
/// name; a tracker the home defines keeps its own definition.
public struct HistoryImporter: Importer {
    public typealias Details = Void
    public let app = "Haven"
    let contents: StoreContents
    /// The tracker files the history carries.
    public let definitions: [HistoryFile.Definition]

    /// Reads the file's text (`shown` in messages).
    public init(text: String, shown: String) throws(ImportError) {
        (contents, definitions) = try HistoryFile.read(text, file: shown, source: "import:haven")
    }

    /// Reads the file at `path` (`shown` in messages).
    public init(path: String, shown: String) throws(ImportError) {
        try self.init(text: try ImportFiles.text(path, shown: shown), shown: shown)
    }

    public func plan<Home: TransferHome>(for home: Home) throws(Home.Failure) -> ImportPlan<Void> {
        let defined = Set(home.trackers.map(\.id))
        let files = definitions.filter { !defined.contains($0.tracker) && home.firstLine(ofTrackerFile: $0.tracker) == nil }
            .map { NewTracker(name: $0.tracker, id: $0.tracker, text: $0.text, created: true, renamed: false) }
        return ImportPlan(trackers: files, contents: contents, details: ())
    }
}

import HavenCore

/// A file `export json` wrote (SPEC §9), merged as it is: what is already
/// there stays, so a second import adds nothing. A line that cannot be
/// read stops it with its number.
public struct HistoryImporter: Importer {
    public typealias Details = Void
    public let app = "Haven"
    let contents: StoreContents

    /// Reads the file's text (`shown` in messages).
    public init(text: String, shown: String) throws(ImportError) {
        contents = try HistoryFile.parse(text, file: shown, source: "import:haven")
    }

    /// Reads the file at `path` (`shown` in messages).
    public init(path: String, shown: String) throws(ImportError) {
        try self.init(text: try ImportFiles.text(path, shown: shown), shown: shown)
    }

    public func plan<Home: TransferHome>(for home: Home) throws(Home.Failure) -> ImportPlan<Void> {
        ImportPlan(contents: contents, details: ())
    }
}

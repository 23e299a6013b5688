import ArgumentParser
import HavenCore
import HavenRuntime
import HavenPresentation

/// `haven today`: what was logged today, across trackers.
struct TodayCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "today", abstract: "What was logged today, across trackers, in the order it happened.")

    @OptionGroup var global: GlobalOptions

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        var entries: [(TrackerDefinition, Entry)] = []
        for tracker in session.orderedTrackers() {
            entries += try session.entries(tracker.id, days: 1).map { (tracker, $0) }
        }
        entries.sort { ($0.1.instant, $0.1.id) < ($1.1.instant, $1.1.id) }
        let console = invocation.console
        if global.json { return console.out(Value.array(entries.map { StatusValue.entry($0.1) }).json(pretty: true)) }
        guard !entries.isEmpty else { return console.out(console.words("Nothing logged today.")) }
        let text = StatusText(console: console)
        console.out(contentsOf: Columns.align(entries.map { tracker, entry in
            let row = EntryText.row(entry, words: console.words, tracker: tracker)
            return [String(row[1].suffix(5)), text.name(tracker), row[3] + text.unit(tracker), row[0],
                    row[4]]
        }))
    }
}

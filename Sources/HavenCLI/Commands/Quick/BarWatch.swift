import Foundation
import HavenCore
import HavenQuick
import HavenRuntime
import HavenSystem

/// `haven bar --watch`: the bar's line again whenever it would read
/// differently, and nothing otherwise. It sleeps in one `poll` on inotify
/// (the database, its log, every file the trackers come from), a timer to
/// the next day boundary, reminder or at-risk time, and the output pipe,
/// so it ends when the bar stops reading. Time runs from `--now` when given.
struct BarWatch {
    let invocation: Invocation
    let only: Set<String>?
    let render: (Glance) -> String

    func run() throws {
        let start = try invocation.clock()
        let began = MonotonicClock.seconds
        // A session kept open between lines, as the REPL keeps one, and
        // read again whenever something watched changes.
        let cache = SessionCache(source: "bar")
        let kept = Invocation(invocation.options, cache: cache)
        var shown: String?
        var files: FileWatch?, database: FileWatch?
        var sources: [String] = []
        while true {
            let session = try kept.openSession()
            for id in only ?? [] { _ = try session.runtime.tracker(id) }
            session.clock = Clock(now: start.now.addingTimeInterval(MonotonicClock.seconds - began), zone: start.zone)
            // The files to watch follow the catalog (a tracker file added or
            // removed). A file changed between being read and being watched
            // would be missed: once the watch is new, everything is read again.
            if files == nil || session.runtime.changeSources != sources {
                sources = session.runtime.changeSources
                files = FileWatch(sources)
                database = database ?? FileWatch(session.runtime.databasePaths)
                cache.runtime = nil
                continue
            }
            let quick = Quick(session)
            let line = render(try quick.glance(only: only))
            if line != shown {
                // Through the one printer that makes a name's controls visible (SPEC §13).
                Console.write(line, color: false, to: .standardOutput)
                shown = line
            }
            // Just past the change, so that the clock reads the new minute.
            let wait = Double(quick.secondsToNextChange()) + 0.05
            let (wake, changed) = FileWatch.wait(for: [files, database].compactMap { $0 }, seconds: wait,
                                                 output: STDOUT_FILENO)
            if wake == .closed { return }
            // A tracker file changed: the catalog is read again (the runtime's
            // own watch starts after its files are read, and could miss it).
            // A write to the database needs only the status read again.
            if changed.first == true { cache.runtime = nil }
        }
    }
}

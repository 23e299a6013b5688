import HavenCore
import HavenPresentation
import HavenRuntime

/// `haven skip --all`: every tracker frozen over one range in one
/// transaction, a line per tracker saying what it did or why not.
enum SkipAll {
    static func run(from: Day?, to: Day?, note: String?, dryRun: Bool, json: Bool, invocation: Invocation) throws {
        let session = try invocation.openSession()
        let results = try session.freezes.skipAll(from: from, to: to, note: note, dryRun: dryRun)
        invocation.cache?.runtime = nil
        let console = invocation.console, words = console.words
        if json {
            return console.out(Value.object([("dry_run", .bool(dryRun)), ("trackers", .array(results.map { tracker, result in
                switch result {
                case .success(let skip):
                    return .object([("tracker", .string(tracker)), ("frozen", .array(skip.days.map { .string($0.description) })),
                                    ("freezes_spent", .int(skip.spent))])
                case .failure(let error):
                    return .object([("tracker", .string(tracker)), ("frozen", .array([])), ("freezes_spent", .int(0)),
                                    ("refused", .string(Invocation.cliError(error, words: words).message))])
                }
            }))]).json(pretty: true))
        }
        var refused = false
        for (tracker, result) in results {
            switch result {
            case .success(let skip) where skip.days.isEmpty:
                console.out(words("{}: already frozen; nothing changed.", tracker))
            case .success(let skip):
                let what = skip.days.count == 1 ? skip.days[0].description
                    : words("{}..{} ({} days)", skip.days[0], skip.days.last!, skip.days.count)
                // Unlimited freezes cost nothing worth counting.
                let limited = (try? session.runtime.tracker(tracker))?.freezes != nil
                let cost = !limited ? "" : "; " + (skip.spent == 0 ? words("no freeze spent")
                    : words(skip.spent == 1 ? "{} freeze spent" : "{} freezes spent", skip.spent))
                console.out(words(dryRun ? "{}: would freeze {}{}." : "{}: frozen {}{}.", tracker, what, cost))
            case .failure(let error):
                refused = true
                console.out(words("{}: not frozen: {}", tracker, Invocation.cliError(error, words: words).message))
            }
        }
        if dryRun, !refused { console.out(words("Nothing was written.")) }
        if refused {
            throw CLIError(.dataError, dryRun ? words("some trackers could not be frozen; nothing was written")
                : words("some trackers could not be frozen; the others were"))
        }
    }
}

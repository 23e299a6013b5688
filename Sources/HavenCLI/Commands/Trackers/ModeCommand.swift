import ArgumentParser
import Foundation
import HavenCore
import HavenRuntime
import HavenPresentation

struct ModeCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "mode", abstract: "Switch a saboteur between awareness and avoidance; the old streak is archived.",
        discussion: "Changes only the 'mode:' line of the tracker's file. Asks first on a terminal; --yes skips that.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The tracker.", valueName: "ID"))
    var id: String

    @Argument(help: ArgumentHelp("awareness or avoidance.", valueName: "MODE"))
    var mode: String

    @Flag(help: "Switch without asking.")
    var yes = false

    func run(_ invocation: Invocation) throws {
        guard let target = TrackerMode(rawValue: mode) else {
            throw CLIError(.usage, invocation.console.words("a mode is awareness or avoidance, not '{}'; for example: "
                + "haven mode {} avoidance", mode, id))
        }
        let console = invocation.console
        let w = console.words
        let session = try invocation.openSession()
        let status = try session.status(session.runtime.tracker(id))
        let old = status.tracker.mode ?? .awareness
        let name = status.tracker.name.resolve(console.language)
        if status.tracker.type == .saboteur, old == target {
            if global.json {
                return console.out(Value.object([("tracker", .string(id)), ("mode", .string(target.rawValue)),
                                                 ("changed", .bool(false))]).json(pretty: true))
            }
            console.out(w("{} is already in {} mode; nothing changed.", name, w(target.rawValue)))
            return
        }
        var switched: (archive: ArchivedStreak?, start: Day)?
        if status.tracker.type == .saboteur {
            let (archive, start) = try session.modeSwitch(status.tracker, from: old)
            switched = (archive, start)
            func days(_ n: Int) -> String { w(n == 1 ? "{} day" : "{} days", n) }
            let kept = archive.map {
                w("Your {} streak will be archived: {} now, {} at its longest ({} to {}); ", w(old.rawValue),
                  days($0.current), days($0.longest), $0.from, $0.to)
            } ?? w("Your {} mode has no streak to archive yet; ", w(old.rawValue))
            let warning = kept + (start == status.today ? w("the {} streak starts today.", w(target.rawValue))
                : w("the {} streak starts tomorrow, since today already holds what you logged in {} mode.",
                    w(target.rawValue), w(old.rawValue)))
            guard try Confirmation.confirm(warning, question: w("Switch {} to {}?", name, w(target.rawValue)), yes: yes,
                                           again: "haven mode \(id) \(target.rawValue)", console: console) else { return }
            if yes && !global.json { console.out(warning) }
        }
        try session.runtime.switchMode(id, to: target)
        // Reopening notices the new mode and archives the old streak (SPEC §4.4).
        invocation.cache?.runtime = nil
        let fresh = try Invocation(global.values, cache: invocation.cache).openSession()
        let after = try fresh.status(fresh.runtime.tracker(id))
        if global.json {
            let archived = switched?.archive.map { a in
                Value.object([("mode", .string(a.mode.rawValue)), ("current", .int(a.current)), ("longest", .int(a.longest)),
                              ("from", .string(a.from.description)), ("to", .string(a.to.description))])
            }
            return console.out(Value.object([
                ("tracker", .string(id)), ("mode", .string(target.rawValue)), ("changed", .bool(true)),
                ("archived", archived ?? .null), ("starts", switched.map { .string($0.start.description) } ?? .null),
                ("current", .int(after.current)),
            ]).json(pretty: true))
        }
        console.out(w("{} is now in {} mode · streak {}.", name, w(target.rawValue), after.current))
    }
}

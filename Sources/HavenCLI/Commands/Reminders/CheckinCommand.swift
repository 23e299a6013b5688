import ArgumentParser
import Foundation
import HavenCore
import HavenRuntime
import HavenPresentation

struct CheckinCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "checkin", abstract: "The evening check-in: every tracker still open today, one by one, answered with one key.",
        discussion: "With piped input it lists the open trackers and what to type for each instead of asking.")

    @OptionGroup var global: GlobalOptions

    /// One answer a tracker takes, and the command it stands for.
    struct Action {
        var key: Character
        var label: String
        /// The words after `haven`, or nil to ask for a number.
        var command: [String]?
        /// A level's own choice: shown with its icon and colour.
        var level: Level? = nil
        var style: Console.Style? = nil
    }

    func run(_ invocation: Invocation) throws {
        let session = try invocation.openSession()
        let list = try session.statuses()
        ask(list.statuses.filter(\.openToday), invocation)
        try invocation.reportHookFailures(list.hookFailures)
    }

    private func ask(_ open: [TrackerStatus], _ invocation: Invocation) {
        let console = invocation.console
        let w = console.words
        let text = StatusText(console: console)
        guard !open.isEmpty || global.json else {
            console.out(w("Nothing open today. Good night."))
            return
        }
        guard isatty(STDIN_FILENO) == 1, !global.json else {
            if global.json {
                // Data for scripts: ids, days, kinds and the commands each quick action runs.
                console.out(Value.array(open.map { s in
                    .object([("tracker", .string(s.tracker.id)), ("day", .string(s.today.description)),
                             ("outcome", .string(s.outcome.rawValue)), ("input", .string(s.tracker.input.rawValue)),
                             ("mode", s.tracker.mode.map { .string($0.rawValue) } ?? .null),
                             ("entries_today", .int(s.entriesToday)),
                             ("actions", .array(CheckinCommand.actions(s.tracker, w).map { action in
                                 .object([("key", .string(String(action.key))),
                                          ("command", action.command.map { .string($0.joined(separator: " ")) } ?? .null)])
                             }))])
                }).json(pretty: true))
            } else {
                console.out(w("Still open today:"))
                console.out(contentsOf: Columns.align(open.map { s in
                    ["  " + text.name(s.tracker), text.now(s), CheckinCommand.hint(s.tracker, w)]
                }))
            }
            return
        }
        // One interpreter for every answer, sharing the open session.
        let interpreter = Interpreter(base: global, cache: invocation.cache ?? SessionCache(source: "cli"))
        for status in open {
            let actions = CheckinCommand.actions(status.tracker, w)
            console.out("\(text.name(status.tracker)): \(text.now(status))")
            console.out("  " + actions.map { "[\($0.key)] " + CheckinCommand.shown($0, console) }.joined(separator: "  ")
                + "  [Enter] \(w("leave open"))  [q] \(w("stop"))")
            guard let key = KeyReader.key(), key != "q" else { return }
            guard let action = actions.first(where: { $0.key == key }) else {
                console.out("  " + w("left open"))
                continue
            }
            var command = action.command
            if command == nil {
                console.write("  \(w("how many?")) ")
                guard let number = KeyReader.line(), !number.isEmpty else { continue }
                command = ["log", status.tracker.id, number]
            }
            let result = interpreter.execute(command!.joined(separator: " "))
            if result != .status(0) { console.out("  " + w("(nothing logged)")) }
        }
    }

    /// Open: the day (or a week or month not yet met) is undecided and
    /// nothing was logged on it today, or an avoidance day nothing was logged on.
    static func actions(_ tracker: TrackerDefinition, _ w: Words) -> [Action] {
        let id = tracker.id
        var actions: [Action] = []
        switch tracker.input {
        case .levels:
            let levels = tracker.levels?.levels ?? []
            let firstGrace = levels.firstIndex { $0.effect == .grace }
            for (index, level) in levels.enumerated() {
                actions.append(Action(key: Character(String(index + 1)), label: level.label.resolve(w.language),
                                      command: ["log", id, level.key], level: level,
                                      style: style(level.effect, isFirstGrace: index == firstGrace)))
            }
        case .count:
            actions.append(Action(key: "+", label: "+1", command: ["log", id, "+1"]))
            actions.append(Action(key: "n", label: w("a number"), command: nil))
        case .amount:
            actions.append(Action(key: "n", label: w("an amount"), command: nil))
        case .check:
            if tracker.avoids {
                actions.append(Action(key: "r", label: w("relapse"), command: ["log", id]))
            } else if tracker.type == .saboteur {
                actions.append(Action(key: "n", label: w("noticed"), command: ["log", id]))
            } else {
                actions.append(Action(key: "d", label: w("done"), command: ["log", id]))
            }
        }
        actions.append(Action(key: "s", label: w("skip (freeze)"), command: ["skip", id]))
        return actions
    }

    /// The origin app's coloured level buttons: a success green, the first
    /// grace yellow, a later grace or a break red, a neutral level cyan.
    static func style(_ effect: Effect, isFirstGrace: Bool) -> Console.Style {
        switch effect {
        case .success: return .green
        case .grace: return isFirstGrace ? .yellow : .red
        case .break: return .red
        case .neutral: return .cyan
        }
    }

    /// An action's label as the check-in shows it: a level with its icon
    /// and colour on a colour terminal (never with NO_COLOR or --no-color).
    static func shown(_ action: Action, _ console: Console) -> String {
        guard let style = action.style else { return action.label }
        let icon = console.color ? action.level?.icon.map { $0 + " " } ?? "" : ""
        return console.styled(icon + action.label, style)
    }

    /// What to type for a tracker, for piped use.
    static func hint(_ tracker: TrackerDefinition, _ w: Words) -> String {
        let id = tracker.id
        switch tracker.input {
        case .levels: return "haven log \(id) " + (tracker.levels?.levels.map(\.key).joined(separator: "|") ?? "LEVEL")
        case .count: return "haven log \(id) +1"
        case .amount: return "haven log \(id) AMOUNT"
        case .check:
            if tracker.mode == .avoidance { return "haven log \(id)   " + w("(a relapse)") }
            return "haven log \(id)"
        }
    }
}

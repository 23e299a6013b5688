import ArgumentParser
import Foundation
import HavenCore
import HavenQuick
import HavenReminders
import HavenRuntime
import HavenPresentation

struct PickCommand: HavenCommand {
    static let configuration = CommandConfiguration.subcommand(
        "pick", abstract: "Log with two keystrokes: every quick action in a menu (fzf, rofi, wofi, fuzzel, dmenu).",
        discussion: """
            Pinned trackers first, then those due or at risk, then what you usually log at this hour, then the rest.
            Bind it to a hotkey: the reply comes as a notification when there is no terminal.
            haven pick --print lists the lines for other launchers; haven pick --choose LINE logs one.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Only these trackers.", valueName: "ID"))
    var ids: [String] = []

    @Option(help: ArgumentHelp("The menu program: fzf, rofi, wofi, fuzzel or dmenu (default: the first found that fits).",
                               valueName: "NAME"))
    var menu: String?

    @Option(help: ArgumentHelp("After a saboteur's moment, ask what set it off: --then trigger.", valueName: "trigger"))
    var then: String?

    @Flag(help: "Print the lines (with --json: each with its id) instead of showing a menu.")
    var print = false

    @Option(help: ArgumentHelp("Log the action with this line or id, without a menu.", valueName: "LINE"))
    var choose: String?

    func run(_ invocation: Invocation) throws {
        let console = invocation.console
        let w = console.words
        if let then, then != "trigger" {
            throw CLIError(.usage, w("--then takes 'trigger' (a second menu of the tracker's recent triggers); not '{}'",
                                     TerminalText.oneLine(then)))
        }
        if print && choose != nil {
            throw CLIError(.usage, w("give --print or --choose, not both"))
        }
        let session = try invocation.openSession()
        for id in ids { _ = try session.runtime.tracker(id) }
        let quick = Quick(session)
        let actions = try quick.actions(language: console.language, only: ids.isEmpty ? nil : Set(ids))
        let text = PickText(console: console)
        if actions.isEmpty && !print {
            console.out(w("Nothing to log yet: no tracker has a quick action. Add one, e.g. haven add core/water"))
            return
        }
        if print {
            show(actions, text, console)
            return
        }
        if let choose {
            guard let action = text.find(choose, in: actions) else { throw QuickError.unknownChoice(choose) }
            let result = try session.log(action.tracker.id, value: action.value, at: nil, note: nil, trigger: nil,
                                         source: "quick")
            LogRequest.reply(result, json: global.json, console: console)
            return
        }
        let environment = invocation.environment
        let context = MenuProgram.Context.current(environment: environment)
        let (program, path) = try MenuProgram.find(named: menu, context: context, environment: environment)
        let lines = actions.map(text.line)
        guard let chosen = try program.ask(path, prompt: w("Log"), lines: lines, freeText: false, environment: environment),
              let action = text.find(chosen, in: actions) else {
            throw CLIError.silent(.nothingChosen)
        }
        var trigger: String?
        if then != nil, action.asksTrigger {
            trigger = try program.ask(path, prompt: w("Trigger"), lines: try quick.triggers(of: action.tracker.id),
                                      freeText: true, environment: environment)
        }
        let result = try session.log(action.tracker.id, value: action.value, at: nil, note: nil, trigger: trigger,
                                     source: "quick")
        // Started from a hotkey (no terminal), the reply is also where the person is: a notification.
        if !context.terminal {
            Notifier.post(title: "Haven", body: LogRequest.replyLines(result, console: console).joined(separator: "\n"),
                          environment: environment)
        }
        LogRequest.reply(result, json: global.json, console: console)
    }

    private func show(_ actions: [PickAction], _ text: PickText, _ console: Console) {
        guard global.json else {
            for action in actions { console.out(text.line(action)) }
            return
        }
        console.out(Value.array(actions.map { action in
            Value.fields([
                ("id", .string(action.id)),
                ("line", .string(text.line(action))),
                ("tracker", .string(action.tracker.id)),
                ("action", .string(action.action.key)),
                ("value", action.value.map { .string($0) } ?? .null),
                ("group", .string(action.group.rawValue)),
                ("usage", .int(action.usage)),
            ])
        }).json(pretty: true))
    }
}

import ArgumentParser
import Foundation
import HavenCore
import HavenSystem
import HavenPresentation
import HavenReminders
import HavenRuntime

/// `haven remind [now]`: one desktop notification per due tracker and
/// day, with quick actions, never twice; run it from a timer.
struct RemindNowCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "now", abstract: "Send the notifications due now (what 'haven remind' does).",
        discussion: """
            Run it every 15 minutes from a timer. Each tracker gets one notification a day; its actions \
            log for that day, even after midnight. Without a notification server it does nothing.
            """)

    @OptionGroup var global: GlobalOptions

    /// The waiting half, run by `remind` itself for each notification.
    @Option(help: ArgumentHelp(visibility: .private))
    var serve: String?

    @Option(help: ArgumentHelp(visibility: .private))
    var day: String?

    /// How long a notification waits for an answer: into the next day, so
    /// that an evening's reminder can be answered after midnight.
    static let waitSeconds: TimeInterval = 18 * 3600

    func run(_ invocation: Invocation) throws {
        if let serve, let day = day.flatMap(Day.init) { return try wait(invocation, tracker: serve, day: day) }
        let session = try invocation.openSession()
        // Nothing to send costs no more than `status`: no server is asked.
        var list = try session.reminders.toSend()
        if !list.isEmpty {
            if let reason = Notifier.unavailable(environment: invocation.environment) {
                session.notice("remind", "haven: reminders were not shown: \(reason); 'haven remind' needs a desktop "
                    + "session (see 'Reminders on the desktop' in the README)")
                (list.reminders, list.checkin) = ([], nil)
            } else {
                list = try session.reminders.claim(list)
            }
        }
        for reminder in list.reminders {
            RemindNowCommand.spawnWaiter(invocation, tracker: reminder.status.tracker.id, day: reminder.status.today)
        }
        if let checkin = list.checkin { RemindNowCommand.spawnWaiter(invocation, tracker: SessionReminders.checkinKey, day: checkin.day) }
        if global.json {
            // What was sent: each reminder with its tracker, the check-in with the trackers it names.
            var sent = list.reminders.map { RemindNowCommand.sent("reminder", day: $0.status.today, [$0.status.tracker.id]) }
            if let checkin = list.checkin {
                sent.append(RemindNowCommand.sent("checkin", day: checkin.day, checkin.open.map(\.tracker.id)))
            }
            invocation.console.out(Value.array(sent).json(pretty: true))
        }
        try invocation.reportHookFailures(list.hookFailures)
    }

    private static func sent(_ kind: String, day: Day, _ trackers: [String]) -> Value {
        .object([("kind", .string(kind)), ("day", .string(day.description)), ("trackers", .array(trackers.map(Value.string)))])
    }

    /// Starts `haven remind --serve TRACKER --day DAY` in a session of its
    /// own, detached: it outlives this command and waits for the answer.
    static func spawnWaiter(_ invocation: Invocation, tracker: String, day: Day) {
        guard let executable = CorePackLocator.currentExecutable() else { return }
        var arguments = ["remind", "now", "--serve", tracker, "--day", day.description]
        arguments += RemindNowCommand.globalArguments(invocation)
        if let now = invocation.options.now { arguments += ["--now", now] }
        _ = ChildProcess(executable, arguments, environment: invocation.environment, detached: true)
    }

    /// The global options another run of Haven needs to see what this one sees.
    static func globalArguments(_ invocation: Invocation) -> [String] {
        var arguments: [String] = []
        if let home = invocation.options.home { arguments += ["--home", invocation.path(home)] }
        if let language = invocation.options.lang { arguments += ["--lang", language] }
        return arguments
    }

    /// Shows one tracker's notification and acts on the answer.
    private func wait(_ invocation: Invocation, tracker id: String, day: Day) throws {
        if id == SessionReminders.checkinKey { return try waitCheckin(invocation, day: day) }
        let session = try invocation.openSession(tracker: id)
        let tracker = try session.runtime.tracker(id)
        let words = invocation.console.words
        let status = try session.status(tracker)
        let actions = QuickAction.offered(by: tracker, language: invocation.console.language)
        let text = StatusText(console: invocation.console)
        let message = tracker.reminder?.message?.resolve(invocation.console.language) ?? words("Time to check in")
        let title = (tracker.icon.isEmpty ? "" : tracker.icon + " ") + tracker.name.resolve(invocation.console.language)
        let answer = Notifier.show(
            title: TerminalText.printable(title, color: false),
            body: TerminalText.printable(message + " · " + text.now(status), color: false),
            actions: actions.map { Notifier.Action(key: $0.key, label: words($0.label)) },
            timeout: RemindNowCommand.waitSeconds, environment: invocation.environment,
            shown: { serverID in try? session.reminders.shown(id, day: day, serverID: serverID) })
        guard let answer, let action = actions.first(where: { $0.key == answer }) else {
            return try session.reminders.closed(id, day: day)
        }
        switch action.kind {
        case .later:
            try session.reminders.later(id, day: day)
        case .log(let value):
            // A test hook: the time the answer comes (after midnight, say).
            if let now = invocation.environment["HAVEN_TEST_ANSWER_NOW"] {
                session.clock = try invocation.clock(now)
            }
            do {
                try session.reminders.answer(tracker, day: day, value: value)
            } catch {
                // Nobody reads this process's output: the next `status` says it.
                let message = Invocation.cliError(error, words: words).message
                session.notice("answer:" + id, "haven: the notification's answer for '\(id)' was not logged: \(message)")
                try session.reminders.closed(id, day: day)
            }
        }
    }

    /// Shows the evening check-in: the open trackers by name and the command
    /// that asks about each; its one action is Later.
    private func waitCheckin(_ invocation: Invocation, day: Day) throws {
        let session = try invocation.openSession()
        let words = invocation.console.words
        let text = StatusText(console: invocation.console)
        let names = try session.reminders.checkinOpen().map { TerminalText.printable(text.name($0.tracker), color: false) }
        let answer = Notifier.show(
            title: words("Evening check-in"),
            body: words("Still open: {}. Answer them with: haven checkin", names.joined(separator: ", ")),
            actions: [Notifier.Action(key: "later", label: words("Later"))],
            timeout: RemindNowCommand.waitSeconds, environment: invocation.environment,
            shown: { serverID in try? session.reminders.shown(SessionReminders.checkinKey, day: day, serverID: serverID) })
        if answer == "later" {
            try session.reminders.later(SessionReminders.checkinKey, day: day)
        } else {
            try session.reminders.closed(SessionReminders.checkinKey, day: day)
        }
    }
}

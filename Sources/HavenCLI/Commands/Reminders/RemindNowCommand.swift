import ArgumentParser
import Foundation
import HavenCore
import HavenSystem
import HavenPresentation
import HavenReminders
import HavenRuntime

/// `haven remind [now]`: one desktop notification per due tracker and
/// reminder time, with quick actions, never twice; the evening check-in
/// with a notification for each open tracker. Run it from a timer.
struct RemindNowCommand: HavenCommand {
    static let configuration = CommandConfiguration(
        commandName: "now", abstract: "Send the notifications due now (what 'haven remind' does).",
        discussion: """
            Run it every 15 minutes from a timer. Each reminder time of a tracker gets one notification a day; its \
            actions log for that day, even after midnight. Without a notification server it does nothing.
            """)

    @OptionGroup var global: GlobalOptions

    /// The waiting half, run by `remind` itself for each notification.
    @Option(help: ArgumentHelp(visibility: .private))
    var serve: String?

    @Option(help: ArgumentHelp(visibility: .private))
    var slot = ""

    @Option(help: ArgumentHelp(visibility: .private))
    var day: String?

    func run(_ invocation: Invocation) throws {
        if let serve, let day = day.flatMap(Day.init) {
            return try RemindWaiter(invocation: invocation).wait(NotificationKey(tracker: serve, slot: slot), day: day)
        }
        let session = try invocation.openSession()
        // Nothing to send costs no more than `status`: no server is asked.
        var list = try session.reminders.toSend()
        if !list.isEmpty {
            if let reason = Notifier.unavailable(environment: invocation.environment) {
                session.notice("remind", "haven: " + invocation.console.words("reminders were not shown: {}; 'haven "
                    + "remind' needs a desktop session (see 'Reminders on the desktop' in the README)", reason))
                (list.reminders, list.checkin) = ([], nil)
            } else {
                list = try session.reminders.claim(list)
            }
        }
        for reminder in list.reminders {
            RemindNowCommand.spawnWaiter(invocation, reminder.key, day: reminder.status.today)
        }
        if let checkin = list.checkin {
            RemindNowCommand.spawnWaiter(invocation, .checkin, day: checkin.day)
            for status in checkin.open {
                RemindNowCommand.spawnWaiter(invocation, .checkinItem(status.tracker.id), day: status.today)
            }
        }
        if global.json {
            // What was sent: each reminder with its tracker, the check-in with the trackers it names.
            var sent = list.reminders.map { reminder in
                RemindNowCommand.sent(reminder.reason.rawValue, day: reminder.status.today, [reminder.status.tracker.id],
                                      at: reminder.at)
            }
            if let checkin = list.checkin {
                sent.append(RemindNowCommand.sent("checkin", day: checkin.day, checkin.open.map(\.tracker.id), at: nil))
            }
            invocation.console.out(Value.array(sent).json(pretty: true))
        }
        try invocation.reportHookFailures(list.hookFailures)
    }

    private static func sent(_ kind: String, day: Day, _ trackers: [String], at: TimeOfDay?) -> Value {
        .fields([("kind", .string(kind)), ("day", .string(day.description)), ("at", at.map { .string($0.description) }),
                 ("trackers", .array(trackers.map(Value.string)))])
    }

    /// Starts `haven remind --serve TRACKER --slot SLOT --day DAY` in a
    /// session of its own, detached: it outlives this command and waits for
    /// the answer.
    static func spawnWaiter(_ invocation: Invocation, _ key: NotificationKey, day: Day) {
        guard let executable = CorePackLocator.currentExecutable() else { return }
        var arguments = ["remind", "now", "--serve", key.tracker, "--slot", key.slot, "--day", day.description]
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
}

import Foundation
import HavenCore
import HavenSystem
import HavenPresentation
import HavenReminders
import HavenRuntime

/// The waiting half of `haven remind`: shows one notification, waits for
/// its answer, and acts on it (SPEC §11).
struct RemindWaiter {
    let invocation: Invocation

    /// How long a notification waits for an answer: into the next day, so
    /// that an evening's reminder can be answered after midnight.
    static let waitSeconds: TimeInterval = 18 * 3600

    func wait(_ key: NotificationKey, day: Day) throws {
        if key.isCheckin { return try waitCheckin(day: day) }
        let session = try invocation.openSession(tracker: key.tracker)
        let tracker = try session.runtime.tracker(key.tracker)
        let words = invocation.console.words, language = invocation.console.language
        let status = try session.status(tracker)
        var actions = QuickAction.offered(by: tracker, language: language)
        let text = StatusText(console: invocation.console)
        let message: String
        if key.isCheckinItem {
            // The check-in's own Later asks again for all of them.
            actions.removeAll { $0.kind == .later }
            message = words("Evening check-in")
        } else if key.slot == NotificationKey.atRisk(key.tracker).slot {
            message = words("Streak {} still open", status.current)
        } else {
            message = tracker.reminders.first { $0.at.description == key.slot }?.message?.resolve(language)
                ?? words("Time to check in")
        }
        let title = (tracker.icon.isEmpty ? "" : tracker.icon + " ") + tracker.name.resolve(language)
        let answer = Notifier.show(
            title: TerminalText.printable(title, color: false),
            body: TerminalText.printable(message + " · " + text.now(status), color: false),
            actions: actions.map { Notifier.Action(key: $0.key, label: words($0.label)) },
            category: key.isCheckinItem ? Self.checkinCategory : nil,
            timeout: Self.waitSeconds, environment: invocation.environment,
            shown: { serverID in try? session.reminders.shown(key, day: day, serverID: serverID) })
        guard let answer, let action = actions.first(where: { $0.key == answer }) else {
            return try session.reminders.closed(key, day: day)
        }
        switch action.kind {
        case .later:
            try session.reminders.later(key, day: day)
        case .log(let value):
            // A test hook: the time the answer comes (after midnight, say).
            if let now = invocation.environment["HAVEN_TEST_ANSWER_NOW"] {
                session.clock = try invocation.clock(now)
            }
            do {
                if let milestone = try session.reminders.answer(tracker, key: key, day: day, value: value) {
                    let text = StatusText(console: Console(color: false, language: language))
                    Notifier.post(title: TerminalText.printable(title, color: false),
                                  body: "🎉 " + text.milestone(milestone, of: tracker), environment: invocation.environment)
                }
            } catch {
                // Nobody reads this process's output: the next `status` says it.
                let message = Invocation.cliError(error, words: words).message
                session.notice("answer:" + key.tracker,
                               "haven: " + words("the notification's answer for '{}' was not logged: {}", key.tracker,
                                                 message))
                try session.reminders.closed(key, day: day)
            }
        }
    }

    /// The category the check-in and its parts share, so that a desktop
    /// that groups notifications groups them.
    static let checkinCategory = "x-haven.checkin"

    /// Shows the evening check-in's summary: the open trackers by name,
    /// each answered in a notification of its own; its one action is Later.
    private func waitCheckin(day: Day) throws {
        let session = try invocation.openSession()
        let words = invocation.console.words
        let text = StatusText(console: invocation.console)
        let names = try session.reminders.checkinOpen().map { TerminalText.printable(text.name($0.tracker), color: false) }
        let answer = Notifier.show(
            title: words("Evening check-in"),
            body: words("Still open: {}. Answer each one here, or with: haven checkin", names.joined(separator: ", ")),
            actions: [Notifier.Action(key: "later", label: words("Later"))], category: Self.checkinCategory,
            timeout: Self.waitSeconds, environment: invocation.environment,
            shown: { serverID in try? session.reminders.shown(.checkin, day: day, serverID: serverID) })
        if answer == "later" {
            try session.reminders.later(.checkin, day: day)
        } else {
            try session.reminders.closed(.checkin, day: day)
        }
    }
}

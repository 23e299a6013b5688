import HavenCore
import HavenPresentation
import HavenQuick
import HavenReminders
import HavenRuntime

/// The board a desktop publishes for the web app after a sync (#35, SPEC
/// §17): per tracker, in the order `status` shows them, its name and
/// today's state and streak in the words `status` uses, in English and
/// German, and the actions a tap logs. The phone shows it as it is and
/// never computes a streak; it reads a tracker's day boundary here to give
/// its own entries their day. The JSON is the same for the same state, so
/// a sync that changed nothing publishes nothing.
struct SyncBoard {
    static let languages = ["en", "de"]
    /// How many of a saboteur's recent triggers the phone offers.
    static let triggers = 8

    let session: Session

    /// The board's JSON, with the positions of the streams it was made
    /// from; nil when today's statuses cannot be read.
    func json(applied: [String: Int64]) -> String? {
        let consoles = SyncBoard.languages.map { Console(color: false, language: $0) }
        guard let statuses = try? session.statuses().statuses else { return nil }
        let quick = Quick(session)
        let trackers: [Value] = statuses.map { status in
            let t = status.tracker
            var fields: [(String, Value)] = [
                ("id", .string(t.id)),
                ("icon", .string(t.icon)),
                ("name", both(consoles) { t.name.resolve($0.language) }),
                ("input", .string(t.input.rawValue)),
                ("day", .string(status.today.description)),
                ("boundary", .int(t.dayBoundary.minutes)),
                ("state", both(consoles) { StatusText(console: $0).now(status) }),
                ("streak", both(consoles) { StatusText(console: $0).streak(status) }),
                ("actions", .array(actions(t, consoles))),
            ]
            if t.type == .saboteur, let recent = try? quick.triggers(of: t.id), !recent.isEmpty {
                fields.append(("triggers", .array(recent.prefix(SyncBoard.triggers).map(Value.string))))
            }
            return .object(fields)
        }
        return Value.object([
            ("kind", .string("board")),
            ("applied", .object(applied.sorted { $0.key < $1.key }.map { ($0.key, .int(Int($0.value))) })),
            ("trackers", .array(trackers)),
        ]).json()
    }

    /// What a tap on the tracker logs: every level, `+1`, `+goal`, Done,
    /// Noticed or Relapse (never Later: the phone has no reminder to put off).
    private func actions(_ t: TrackerDefinition, _ consoles: [Console]) -> [Value] {
        let offered = QuickAction.offered(by: t, language: "en", levels: Int.max)
        return offered.compactMap { action -> Value? in
            guard case .log(let value) = action.kind else { return nil }
            var fields: [(String, Value)] = [("key", .string(action.key))]
            if t.input == .levels, let key = value, let level = t.levels?.level(key) {
                fields.append(("label", both(consoles) { level.label.resolve($0.language) }))
                fields.append(("level", .string(key)))
            } else {
                fields.append(("label", both(consoles) { $0.words(action.label) }))
                if let value, let number = Double(value.dropFirst()) { fields.append(("number", .double(number))) }
            }
            return .object(fields)
        }
    }

    private func both(_ consoles: [Console], _ text: (Console) -> String) -> Value {
        .object(consoles.map { ($0.language, .string(text($0))) })
    }
}

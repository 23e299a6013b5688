import HavenCore

/// What a practice logs when it ends: on completion, or on Ctrl-C with
/// `--log-partial` (the part done).
public enum PracticeOutcome {
    /// The value for the tracker's input after `elapsed` milliseconds, or
    /// nil for a check (or a `done` log); `.none` when there is nothing to
    /// log (not a whole second counted, no round finished).
    public enum Logged: Equatable, Sendable {
        case value(String?)
        case none
    }

    public static func value(_ log: PracticeLog, timeline: PracticeTimeline, elapsed: Int, input: InputKind) -> Logged {
        switch log.value {
        case .done:
            return elapsed >= timeline.total ? .value(input == .check ? nil : "1") : .none
        case .rounds:
            let rounds = timeline.roundsDone(elapsed: elapsed)
            guard rounds > 0 else { return .none }
            return .value(input == .check ? nil : String(rounds))
        case .minutes:
            let counted = timeline.countedMilliseconds(log, elapsed: elapsed)
            guard counted >= 1000 else { return .none }
            switch input {
            case .check: return .value(nil)
            // A count of minutes counts whole ones, at least one.
            case .count: return .value(String(max(1, counted / 60_000)))
            // Minutes to the thousandth, as the database keeps them.
            default: return .value((Double(counted / 60) / 1000).plainText)
            }
        }
    }
}

/// The last practice of each kind and the length it was given (0: its
/// own), so that `haven meditate` alone starts it again: a small text file
/// of the terminal's state (like the REPL's history), the most recent kind
/// first, then one line a kind: `meditation core/open 600000`.
public struct PracticeMemory: Sendable {
    public var last: [PracticeKind: (reference: String, milliseconds: Int)] = [:]
    public var mostRecent: PracticeKind?

    public init() {}

    public init(text: String) {
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2, fields[0] == "last" {
                mostRecent = PracticeKind(rawValue: String(fields[1]))
                continue
            }
            guard fields.count == 3, let kind = PracticeKind(rawValue: String(fields[0])),
                  let milliseconds = Int(fields[2]), milliseconds >= 0 else { continue }
            last[kind] = (String(fields[1]), milliseconds)
        }
    }

    public var text: String {
        (mostRecent.map { "last \($0.rawValue)\n" } ?? "") + PracticeKind.allCases.compactMap { kind in
            last[kind].map { "\(kind.rawValue) \($0.reference) \($0.milliseconds)\n" }
        }.joined()
    }
}

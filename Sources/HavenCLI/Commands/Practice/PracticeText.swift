import HavenCore
import HavenPresentation

/// A practice's words on the screen: its list, its phases' names, its clock.
struct PracticeText {
    let console: Console

    private var words: Words { console.words }

    /// `practice --list`: each kind, then each practice with its length and what it logs.
    func list(_ practices: [PracticeDefinition]) {
        for kind in PracticeKind.allCases {
            let ofKind = practices.filter { $0.kind == kind }
            guard !ofKind.isEmpty else { continue }
            console.out(words(kind.rawValue).capitalizedFirst + " (haven \(PracticeFlow.command(kind)) NAME)")
            for practice in ofKind {
                let length = PracticeText.clock(PracticeTimeline(practice.phases).total)
                let logs = practice.logs.map { " · " + words("logs on {}", $0.tracker) } ?? ""
                console.out("  " + (console.color ? (practice.icon ?? "·") + " " : "") + practice.shortName + " · "
                            + practice.name.resolve(console.language) + " · " + length + logs)
            }
        }
    }

    /// What a step is called: `Sitting`, `Breathe in`, the exercise of a work phase.
    func name(of step: PracticeTimeline.Step) -> String {
        switch step.kind {
        case .timed(.work): step.exercise?.resolve(console.language) ?? words("Work")
        case .timed(.sit): words("Sitting")
        case .timed(.rest): words("Rest")
        case .timed(.close): words("Closing")
        case .breath(.breatheIn): words("Breathe in")
        case .breath(.hold), .breath(.holdOut): words("Hold")
        case .breath(.breatheOut): words("Breathe out")
        }
    }

    /// `03:00`, `1:05:00`, from milliseconds (rounded up while counting down).
    static func clock(_ milliseconds: Int, up: Bool = false) -> String {
        let seconds = up ? (milliseconds + 999) / 1000 : milliseconds / 1000
        let h = seconds / 3600, m = seconds % 3600 / 60, s = seconds % 60
        let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(two(m)):\(two(s))"
    }
}

extension String {
    /// `Meditation` from `meditation`.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}

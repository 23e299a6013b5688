import Foundation
import HavenConfig
import HavenCore
import HavenPractice

extension Runtime {
    /// The practices loaded (scope `.practices` or `.everything`), the home's first.
    public var practices: [PracticeDefinition] { catalog.practices }

    /// The last practice of each kind, as the terminal remembers it; a
    /// `meditate` length from before practices existed counts for `core/open`.
    public var practiceMemory: PracticeMemory {
        if let text = try? String(contentsOfFile: layout.practiceState, encoding: .utf8) {
            return PracticeMemory(text: text)
        }
        var memory = PracticeMemory()
        if let text = try? String(contentsOfFile: layout.timerState, encoding: .utf8),
           let seconds = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), seconds > 0 {
            memory.last[.meditation] = ("core/open", seconds * 1000)
        }
        return memory
    }

    /// The health type of the practices that log on each tracker, when
    /// they agree (loaded with the `.practices` scope): mindful minutes, or
    /// a workout's.
    public var practiceHealth: [String: HealthMapping] {
        var kinds: [String: Set<PracticeHealth>] = [:]
        for practice in catalog.practices {
            guard let tracker = practice.logs?.tracker, let health = practice.health else { continue }
            kinds[tracker, default: []].insert(health)
        }
        return kinds.compactMapValues { kinds in kinds.count == 1 ? kinds.first?.mapping : nil }
    }

    /// Keeps `memory` for the next run; a state file that cannot be written
    /// costs only the remembering.
    public func remember(_ memory: PracticeMemory) {
        let folder = (layout.practiceState as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? memory.text.write(toFile: layout.practiceState, atomically: true, encoding: .utf8)
    }
}

extension Runtime {
    /// The practice names Tab offers after `practice` (and `meditate`,
    /// `breathe`, `workout` with their `kind`): the practices loaded, else
    /// the file names of each pack's `practices/` folder, unparsed.
    public func practiceNames(of kind: PracticeKind?) -> [String] {
        if !catalog.practices.isEmpty {
            return catalog.practices.filter { kind == nil || $0.kind == kind }.map(\.shortName)
        }
        return catalog.packs.flatMap { pack -> [String] in
            let folder = pack.location.root + "/practices"
            return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }
        }
    }
}

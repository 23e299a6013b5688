import HavenCore

/// Which practice `haven practice [NAME]` (or `meditate`, `breathe`,
/// `workout`) runs, and at what length (SPEC §14).
public enum PracticeChoice {
    public enum Refusal: Error, Equatable, Sendable {
        /// No practice has that name; the nearest name, if any.
        case unknown(String, near: String?)
        /// The practice is of another kind than the command's.
        case otherKind(String, PracticeKind)
        /// No practice of the kind at all.
        case noneOfKind(PracticeKind)
        /// `--duration` for a practice with nothing to stretch.
        case fixedLength(String)
    }

    /// The practice a kind starts with before any was run.
    static let firstOfKind: [PracticeKind: String] = [
        .meditation: "core/open", .breathing: "core/box-breathing", .workout: "core/seven-minute",
    ]

    /// The practice to run and its length: `name` when given, else the last
    /// one run of `kind` (of any kind for `haven practice`) with the length
    /// it was given then; `milliseconds` (from `--duration`) stretches it.
    /// Also what to remember for next time.
    public static func choose(_ name: String?, kind: PracticeKind?, milliseconds: Int?,
                              practices: [PracticeDefinition], memory: PracticeMemory) throws(Refusal)
        -> (practice: PracticeDefinition, remember: PracticeMemory) {
        var chosen: PracticeDefinition
        var length = milliseconds
        if let name {
            guard let found = practices.named(name) else {
                let names = practices.filter { kind == nil || $0.kind == kind }.map(\.shortName)
                throw .unknown(name, near: Suggestion.closest(to: name, in: names))
            }
            chosen = found
        } else {
            let wanted = kind ?? memory.mostRecent ?? .meditation
            let remembered = memory.last[wanted].flatMap { last in practices.first { $0.reference == last.reference } }
            guard let found = remembered ?? practices.first(where: { $0.reference == firstOfKind[wanted] })
                ?? practices.first(where: { $0.kind == wanted }) else { throw .noneOfKind(wanted) }
            chosen = found
            if length == nil, let last = memory.last[wanted], last.reference == found.reference, last.milliseconds > 0 {
                length = last.milliseconds
            }
        }
        if let kind, chosen.kind != kind { throw .otherKind(chosen.shortName, chosen.kind) }
        if let length {
            guard let stretched = chosen.lasting(length) else { throw .fixedLength(chosen.shortName) }
            chosen = stretched
        }
        var memory = memory
        memory.last[chosen.kind] = (chosen.reference, length ?? 0)
        memory.mostRecent = chosen.kind
        return (chosen, memory)
    }
}

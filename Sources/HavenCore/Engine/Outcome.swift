/// How a period resolved, as people and scripts see it (SPEC §7.1).
public enum Outcome: String, Sendable, CaseIterable, Hashable {
    case success, healed, frozen, broken, neutral, pending
}

/// A stable 64-bit fingerprint (FNV-1a) of what a walk depends on besides
/// entries and freezes. A checkpoint is only reused under the same one.
public enum Fingerprint {
    /// Bumped whenever the engine's reading of the rules changes, so that no
    /// checkpoint made by an older engine is resumed.
    static let engineVersion = 2

    public static func of(_ rules: EngineRules, start: Int, extra: String = "") -> Int64 {
        var text = "v\(engineVersion)|\(start)|\(rules.period.rawValue)|\(rules.times)|\(rules.weekStart.rawValue)|"
        text += "\(rules.missing.rawValue)|\(rules.avoidance)|\(rules.streaks)|\(rules.relapse.rawValue)|"
        switch rules.measure {
        case .presence: text += "presence"
        case .avoidance(let relapse): text += "avoidance:\(relapse.rawValue)"
        case .sum(nil): text += "sum"
        case .sum(.atLeast(let n)?): text += "atLeast:\(n)"
        case .sum(.atMost(let n)?): text += "atMost:\(n)"
        case .levels: text += "levels"
        }
        if let r = rules.rewards { text += "|\(r.earnEvery)/\(r.max)/\(r.heals)" }
        if let window = rules.rolling { text += "|rolling:\(window)" }
        text += "|" + extra
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Int64(bitPattern: hash)
    }
}

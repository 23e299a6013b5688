import HavenCore
import YAML

/// Named level sets and reward rules of every loaded pack, by `pack/id`.
struct References {
    var levelSets: [String: LevelSet] = [:]
    var rewards: [String: RewardRule] = [:]
    /// References whose file was broken: a tracker naming one is skipped
    /// without a second, misleading "unknown" error.
    var broken: Set<String> = []
}

extension DecodeContext {
    /// Qualifies `core/noalc` or `noalc` (in the pack of the file that wrote it).
    func qualify(_ node: Node, what: String) -> String? {
        guard let value = text(node, what: what) else { return nil }
        let parts = value.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ Identifier.isValid(String($0)) }) else {
            error("\(what) must be a reference like core/noalc (pack/id), not '\(value)'", at: node)
            return nil
        }
        return parts.count == 2 ? value : "\(source(of: node).pack)/\(value)"
    }

    /// Looks a reference up in `table`, reporting an unknown one with a suggestion.
    func resolve<T>(_ node: Node, in table: [String: T], broken: Set<String>, what: String) -> T? {
        guard let reference = qualify(node, what: what) else { return nil }
        if let found = table[reference] { return found }
        if broken.contains(reference) {
            error("\(what) '\(reference)' could not be loaded; fix the errors in its file first", at: node)
        } else {
            let written = node.scalar ?? reference
            error("unknown \(what) '\(written)'\(Suggestion.didYouMean(reference, in: table.keys.sorted()))", at: node)
        }
        return nil
    }
}

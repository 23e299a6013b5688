import HavenCore
import YAML

/// Resolves presets through `extends:` chains, once each, reporting unknown
/// presets and cycles at the `extends:` that causes them.
struct PresetResolver {
    let context: DecodeContext
    /// Parsed preset roots by `pack/id` (nil when the file did not parse).
    var raw: [String: Node?] = [:]
    /// The file number of each preset.
    var files: [String: Int] = [:]
    private var resolved: [String: (node: Node, chain: [String])?] = [:]
    private var visiting: [String] = []
    /// Presets on a reported cycle: their own failures need no second message.
    private var cyclic: Set<String> = []

    init(context: DecodeContext) {
        self.context = context
    }

    /// The preset merged with everything it extends, and the chain of presets
    /// it extends (nearest first); nil after reporting a problem.
    mutating func resolve(_ reference: String) -> (node: Node, chain: [String])? {
        if let done = resolved[reference] { return done }
        guard let entry = raw[reference], let node = entry else { return nil }
        visiting.append(reference)
        defer { visiting.removeLast() }
        var result: (node: Node, chain: [String])? = (node, [])
        if let extends = node.pairs?.first(where: { $0.key.scalar == "extends" })?.value {
            if let base = base(for: extends, from: reference) {
                result = (Merge.merge(base.node, node), base.chain)
            } else {
                result = nil
            }
        }
        resolved[reference] = .some(result)
        return result
    }

    /// What an `extends:` value names, resolved; the chain starts with it.
    mutating func base(for extends: Node, from owner: String?) -> (node: Node, chain: [String])? {
        guard let target = context.qualify(extends, what: "extends") else { return nil }
        if let start = visiting.firstIndex(of: target) {
            let cycle = (visiting[start...] + [target]).joined(separator: " → ")
            context.error("extends cycle: \(cycle); one of these presets must stop extending the next", at: extends)
            cyclic.formUnion(visiting[start...])
            return nil
        }
        guard raw[target] != nil else {
            let written = extends.scalar ?? target
            context.error("unknown preset '\(written)'\(Suggestion.didYouMean(target, in: raw.keys.sorted()))",
                          at: extends)
            return nil
        }
        guard let base = resolve(target) else {
            if let owner, cyclic.contains(owner) { return nil }
            context.error("preset '\(target)' could not be loaded; fix the errors in its file first", at: extends)
            return nil
        }
        return (base.node, [target] + base.chain)
    }
}

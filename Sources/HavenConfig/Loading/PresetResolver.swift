import HavenCore
import YAML

/// Resolves presets through `extends:` chains, once each, parsing preset
/// files only when something extends them; reports unknown presets and
/// cycles at the `extends:` that causes them.
struct PresetResolver {
    let context: DecodeContext
    let files: LoadedFiles
    /// Preset files by `pack/id`.
    let index: [String: Int]
    /// Packs' live tracker files by `pack/id`: a home file may extend one to
    /// adjust it (SPEC §2.1, the home wins).
    let trackerIndex: [String: Int]
    private var resolved: [String: (node: Node, chain: [String])?] = [:]
    private var visiting: [String] = []
    /// Presets on a reported cycle: their own failures need no second message.
    private var cyclic: Set<String> = []

    init(context: DecodeContext, files: LoadedFiles, packs: [PackLocation]) {
        self.context = context
        self.files = files
        index = files.index(of: .presets, packs: packs)
        trackerIndex = files.index(of: .trackers, packs: packs).filter { reference, file in
            packs[files.items[file].pack].kind != .local
        }
    }

    /// The preset merged with everything it extends, and the chain of presets
    /// it extends (nearest first); nil after reporting a problem.
    mutating func resolve(_ reference: String) -> (node: Node, chain: [String])? {
        if let done = resolved[reference] { return done }
        guard let file = index[reference] ?? trackerIndex[reference], let node = files.root(file) else { return nil }
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
        guard let target = context.qualify(extends, what: .key("extends")) else { return nil }
        if let start = visiting.firstIndex(of: target) {
            let cycle = (visiting[start...] + [target]).joined(separator: " → ")
            context.error("extends cycle: {}; one of these presets must stop extending the next", cycle, at: extends)
            cyclic.formUnion(visiting[start...])
            return nil
        }
        guard index[target] != nil || trackerIndex[target] != nil else {
            let written = extends.scalar ?? target
            context.error("unknown preset "
                          + "'{}'{}", written, Suggestion.didYouMeanPhrase(target, in: index.keys.sorted()),
                          at: extends)
            return nil
        }
        guard let base = resolve(target) else {
            if let owner, cyclic.contains(owner) { return nil }
            context.error("preset '{}' could not be loaded; fix the errors in its file first", target, at: extends)
            return nil
        }
        return (base.node, [target] + base.chain)
    }
}
